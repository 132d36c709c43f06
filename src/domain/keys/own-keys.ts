import type { Queryable } from '../../platform/db/database.js';
import { findKey, type ApiKeyRecord } from './key-store.js';

/** The agency's own key; another agency's key is answered exactly as an unknown one. Revoking it: revokeOwnKey (revocation.ts). */
export async function findOwnKey(db: Queryable, agencyId: string, keyId: string): Promise<ApiKeyRecord | null> {
  const key = await findKey(db, keyId);
  return key && key.agencyId === agencyId ? key : null;
}
