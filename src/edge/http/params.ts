import { Type } from 'typebox';
import { IdString } from '../../platform/validation/schema-types.js';
import { ExternalId, ServiceId } from '../../domain/listings/schemas.js';

/**
 * Path parameters naming a record, shared by every interface: an id is held to its one format
 * (`src/platform/db/ids.ts`) and a malformed one gets the same 400 wherever it appears. The
 * descriptions are those the published OpenAPI description shows; the operator API's
 * parameters (hidden from it) have always been bare.
 */

export const AgencyIdParams = Type.Object({ agencyId: IdString('agc') });
export const KeyIdParams = Type.Object({ keyId: IdString('key') });
export const UserIdParams = Type.Object({ userId: IdString('usr') });

export const ServiceIdParams = Type.Object({ serviceId: ServiceId('The listing’s serviceId.') });
export const ExternalIdParams = Type.Object({ externalId: ExternalId('The agency’s identifier of the listing.') });

/** A full sync session's id (`POST /ingest/syncSessions`), in a path or a body. */
export const SyncId = (description = 'A full sync session’s id, as POST /ingest/syncSessions answered it.') =>
  IdString('syn', { minLength: 5, description });
export const SyncIdParams = Type.Object(
  { syncId: SyncId('The session’s id, as POST /ingest/syncSessions answered it.') },
  { additionalProperties: false },
);

export const WebhookId = IdString('whk', { description: 'The endpoint’s id (whk_…).' });
export const DeliveryId = (description = 'The delivery’s id (msg_…), sent as webhook-id.') => IdString('msg', { description });
export const WebhookIdParams = Type.Object({ webhookId: WebhookId });
export const DeliveryIdParams = Type.Object({ webhookId: WebhookId, deliveryId: DeliveryId() });
