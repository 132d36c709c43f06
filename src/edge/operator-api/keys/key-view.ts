import type { ApiKeyRecord } from '../../../domain/keys/key-store.js';

/** A key as the operator API answers it: never the key itself, which only its creation shows. */
export const keyView = (key: ApiKeyRecord) => ({
  keyId: key.id,
  agencyId: key.agencyId,
  name: key.name,
  env: key.env,
  display: key.display,
  scopes: key.scopes,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});
