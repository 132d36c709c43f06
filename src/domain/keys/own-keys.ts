import type { Queryable } from '../../platform/db/database.js';
import { notFound, success, type Outcome } from '../../platform/outcome.js';
import { findKey, revokeKey, type ApiKeyRecord } from './key-store.js';

/** The agency's own key; another agency's key is answered exactly as an unknown one. */
export async function findOwnKey(db: Queryable, agencyId: string, keyId: string): Promise<ApiKeyRecord | null> {
  const key = await findKey(db, keyId);
  return key && key.agencyId === agencyId ? key : null;
}

/** An agency revoking one of its own keys (the pro space). Cached keys must then be reloaded by the caller. */
export async function revokeOwnKey(db: Queryable, agencyId: string, keyId: string): Promise<Outcome<ApiKeyRecord>> {
  const key = await findOwnKey(db, agencyId, keyId);
  if (!key) return notFound('Key');
  return success((await revokeKey(db, key.id)) ?? key);
}
