import type { ErrorCode } from '../../platform/outcome.js';

/** What each problem `code` means to an integrator: the page its `type` URI opens. */
export interface ErrorCodeGuide {
  meaning: string;
  typicalCause: string;
  whatToDo: string;
}

export const ERROR_CODE_GUIDES: Record<ErrorCode, ErrorCodeGuide> = {
  validation_error: {
    meaning:
      'The request breaks the interface schema: a field has the wrong type, a required field is missing, a value is outside its list or bounds, a field is unknown, or the body is not valid JSON.',
    typicalCause:
      'A body of one interface sent to the other. In v1, `type` is the transaction (`sale`, `rental`, `life_annuity_sale`) and `category` the kind of property; in the ingestion interface, `transaction` is `VENTE`, `LOCATION` or `VIAGER` and `type` the kind of property (`APPARTEMENT`, `MAISON`…). A batch larger than the plan allows is refused the same way.',
    whatToDo:
      'Read `errors[]`: each entry names the `field` (such as `photos[1].url`) and the rule it breaks. Fix those fields and send the request again; nothing was written.',
  },
  unauthorized: {
    meaning: 'The request carries no usable API key.',
    typicalCause:
      'No `Authorization: Bearer …` header, a key that was mistyped or revoked, or a key of the other environment: LIVE keys (`svc_pk_LIVE_…`) work on the live paths, TEST keys (`svc_pk_TEST_…`) under `/sandbox` only.',
    whatToDo:
      'Check the header and the base URL that `detail` names. A lost key cannot be shown again: ask for a new one (pro space, or the operator’s `listing-sync key create`).',
  },
  forbidden: {
    meaning: 'The key is valid but is not allowed to do this.',
    typicalCause:
      'A key created with narrower scopes (`listings:read` only, for example), a LIVE key asked for an agency whose registration is not verified yet, or a plan limit such as the number of webhook endpoints.',
    whatToDo: '`detail` names the scope or the rule. Use a key with that scope, or have a new key issued with it.',
  },
  not_found: {
    meaning: 'Nothing answers to this identifier for your agency, or no route has this path.',
    typicalCause:
      'A `serviceId` or `externalId` of another agency or of the other environment (sandbox data is apart from live data), a listing that was deleted, or a path with a typo.',
    whatToDo:
      'Check the identifier and the environment. A listing of another agency is answered 404, never 403, so that its existence is not revealed.',
  },
  method_not_allowed: {
    meaning: 'The path exists but not with this HTTP method.',
    typicalCause:
      'A `PATCH` where the interface expects `PUT`, or a `GET` on an endpoint that only takes `POST` (`GET /ingest/ingestListings`).',
    whatToDo:
      'Send the request again with one of the methods the `Allow` header lists (`detail` names them too); the reference at `/docs` shows each operation.',
  },
  conflict: {
    meaning: 'The request contradicts the current state.',
    typicalCause:
      'An `externalId` the agency already uses (a `PUT` that renames a listing, or `POST /v1/listings` with `If-None-Match: *`); an `Idempotency-Key` reused with a different request, or sent again while its first request is still running; the same `externalId` twice in one push or batch (the earlier item is reported).',
    whatToDo:
      'Read `detail`. For an Idempotency-Key, use a new key for a new request, or retry a little later if the first one is still running.',
  },
  precondition_failed: {
    meaning: 'The listing changed since the version named in `If-Match`.',
    typicalCause: 'Someone (another process of your CRM, or another interface) updated the listing after you read it.',
    whatToDo:
      'Read the listing again (its `ETag` is `"v{version}"`), apply your change to the new version, and send it with the new `If-Match`.',
  },
  payload_too_large: {
    meaning: 'The body is larger than this endpoint accepts.',
    typicalCause: 'More than 32 MiB on the ingestion push, or more than 1 MiB on other endpoints (8 MiB on the v1 batch).',
    whatToDo: 'Send fewer listings per request: a push takes at most 500 listings, a v1 batch the plan’s batch size.',
  },
  unsupported_media_type: {
    meaning: 'The body is not JSON.',
    typicalCause: 'A missing `Content-Type: application/json` header, or a form or text body.',
    whatToDo: 'Send the body as JSON with `Content-Type: application/json`.',
  },
  business_error: {
    meaning: 'The body is well-formed but inconsistent.',
    typicalCause:
      'A `dpe` better than `ges`, more `bedrooms` than `rooms`, `charges` or rental fee roles on a sale, a `feesPaidBy` that does not fit the transaction, or a currency other than EUR.',
    whatToDo: 'Read `errors[]`: each entry names the field and the rule. Correct the data in the agency software; nothing was written.',
  },
  rate_limit_exceeded: {
    meaning: 'A quota is used up: the key’s 24-hour quota, or the agency plan’s for v1 calls. The call did nothing.',
    typicalCause: 'A loop that retries without waiting, or a nightly sync that sends one listing per request instead of 500.',
    whatToDo:
      'Wait the number of seconds in `Retry-After`, then retry. `X-RateLimit-Remaining` and `X-RateLimit-Reset` on every answer show how much is left; `GET /v1/me` shows every quota.',
  },
  server_error: {
    meaning: 'The service failed while handling the request.',
    typicalCause: 'A fault on our side; it is logged with the request id.',
    whatToDo: 'Retry later with the same `Idempotency-Key` (a write is never applied twice), and quote `requestId` when you report it.',
  },
  service_unavailable: {
    meaning: 'The service cannot take the request right now.',
    typicalCause: 'The server is stopping (a deployment or restart) or its database is unreachable.',
    whatToDo: 'Retry after a few seconds, with the same `Idempotency-Key` for writes.',
  },
};
