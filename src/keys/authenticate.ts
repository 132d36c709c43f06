import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors.js';
import type { Plan } from '../agencies/agency-store.js';
import { hashKey, parseKey, sameHash, type KeyEnv, type Scope } from './key-format.js';
import type { KeyCache } from './key-cache.js';
import type { RequestLogWriter } from '../request-log/request-log.js';
import type { VerifiedKey } from './key-store.js';
import type { QuotaGate } from '../quotas/quota-gate.js';
import { policyHeader, rateLimitHeaders, subjectsFor, type QuotaState, type QuotaSubject } from '../quotas/limits.js';
import type { Config } from '../config.js';

export interface AuthContext {
  agencyId: string;
  keyId: string;
  env: KeyEnv;
  scopes: readonly Scope[];
  plan: Plan;
  key: VerifiedKey;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyRequest {
    /** The quotas this call was admitted against, as they stand after it. */
    quotaStates: QuotaState[] | null;
  }
  interface FastifyContextConfig {
    /** Scope a key needs for this route; `null` means any valid key (e.g. GET /v1/me). */
    scope?: Scope | null;
  }
}

export interface InterfaceFace {
  /** v1 calls also count against the agency's plan quota; ingestion calls only against the key's. */
  kind: 'v1' | 'ingest';
  /** Which keys this mount accepts: LIVE on live paths, TEST under /sandbox. */
  env: KeyEnv;
  /** Base URLs named in the 401 that tells a caller it used the wrong environment. */
  liveBaseUrl: string;
  sandboxBaseUrl: string;
}

const unauthorized = (detail: string) =>
  new ApiError('unauthorized', detail, undefined, { 'www-authenticate': 'Bearer realm="listing-sync"' });

export async function authenticateRequest(
  request: FastifyRequest,
  face: InterfaceFace,
  keys: KeyCache,
): Promise<AuthContext> {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('Missing Authorization header; send "Authorization: Bearer <API key>"');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <API key>"');
  const candidate = match[1]!;
  const claimedEnv = parseKey(candidate);
  if (!claimedEnv) throw unauthorized('The API key is malformed; keys start with svc_pk_LIVE_ or svc_pk_TEST_');
  if (claimedEnv !== face.env) {
    throw unauthorized(
      claimedEnv === 'test'
        ? `TEST keys work only on the sandbox: use ${face.sandboxBaseUrl}`
        : `LIVE keys do not work on the sandbox: use ${face.liveBaseUrl}`,
    );
  }
  const keyHash = hashKey(candidate);
  const key = await keys.lookup(keyHash);
  // The lookup is by hash; the second comparison is constant-time by design, not by necessity.
  if (!key || !sameHash(key.keyHash, keyHash) || key.env !== face.env) {
    throw unauthorized('The API key is unknown or has been revoked');
  }
  return { agencyId: key.agencyId, keyId: key.id, env: key.env, scopes: key.scopes, plan: key.plan, key };
}

export function requireScope(request: FastifyRequest, auth: AuthContext) {
  const scope = request.routeOptions.config.scope;
  if (scope && !auth.scopes.includes(scope)) {
    throw new ApiError('forbidden', `This key lacks the scope ${scope} needed by ${request.method} ${request.routeOptions.url}`);
  }
}

/**
 * Registers authentication for every route of an interface mount, and the request-log
 * line of every authenticated call. Routes declare their scope in `config.scope`.
 */
export function registerAuthentication(
  app: FastifyInstance,
  face: InterfaceFace,
  deps: { keys: KeyCache; requestLog: RequestLogWriter; quotas: QuotaGate | null; config: Config; now: () => Date },
) {
  // Cached keys are the same objects from call to call (and replaced when reloaded), so their
  // quota subjects are computed once per key and mount.
  const subjectsByKey = new WeakMap<VerifiedKey, { subjects: QuotaSubject[]; policy: string }>();
  app.addHook('onRequest', async (request, reply) => {
    const auth = await authenticateRequest(request, face, deps.keys);
    request.auth = auth;
    if (deps.quotas) {
      // Every authenticated call counts, before anything else happens: a refused call has no effect.
      let quota = subjectsByKey.get(auth.key);
      if (!quota) {
        const subjects = subjectsFor({ ...auth, onV1: face.kind === 'v1', keyLimits: deps.config.quotas.keyLimits });
        quota = { subjects, policy: policyHeader(subjects) };
        subjectsByKey.set(auth.key, quota);
      }
      const admission = await deps.quotas.admit(quota.subjects);
      request.quotaStates = admission.states;
      reply.headers(rateLimitHeaders(admission.states, Math.floor(deps.now().getTime() / 1000), quota.policy));
      if (!admission.allowed) {
        const shown = admission.states.find((s) => s.remaining === 0) ?? admission.states[0]!;
        throw new ApiError(
          'rate_limit_exceeded',
          `The ${shown.name === 'plan' ? "agency's plan" : "key's"} quota of ${shown.limit} calls per rolling 24 hours is used up; retry in ${admission.retryAfter} s`,
          undefined,
          { 'retry-after': String(admission.retryAfter) },
        );
      }
    }
    requireScope(request, auth);
  });
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth) return;
    deps.requestLog.record({
      at: new Date(),
      agencyId: auth.agencyId,
      keyId: auth.keyId,
      env: auth.env,
      method: request.method,
      path: request.url.split('?')[0]!,
      status: reply.statusCode,
      errorCode: reply.errorCode ?? null,
      latencyMs: reply.elapsedTime,
      requestId: request.id,
    });
  });
}
