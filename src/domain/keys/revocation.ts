import type { Database } from '../../platform/db/database.js';
import { changeCachedRows, type SharedCache } from '../../platform/db/shared-cache.js';
import { recordAudit } from '../audit/audit-log.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import { findKey, revokeKey, type ApiKeyRecord } from './key-store.js';

/**
 * An operator revokes a key: audited on the key and on its agency (whose page lists it).
 * Revoking twice is harmless and audited once. Every process forgets cached keys (see KeyCache).
 */
export async function revokeKeyAsOperator(db: Database, keys: SharedCache, keyId: string, actor: string): Promise<Outcome<ApiKeyRecord>> {
  return changeCachedRows(db, keys, async (tx) => {
    const existing = await findKey(tx, keyId);
    if (!existing) return notFound('Key');
    const revoked = (await revokeKey(tx, keyId))!;
    if (!existing.revokedAt) {
      const after = { keyId, revokedAt: revoked.revokedAt?.toISOString() ?? null };
      await recordAudit(tx, { actor, action: 'key.revoke', targetType: 'key', targetId: keyId, before: { revokedAt: null }, after });
      await recordAudit(tx, {
        actor,
        action: 'key.revoke',
        targetType: 'agency',
        targetId: existing.agencyId,
        before: { revokedAt: null },
        after,
      });
    }
    return { ok: true, value: revoked };
  });
}

/** An agency's admin revokes one of its own keys; another agency's key is answered as unknown. */
export async function revokeOwnKey(db: Database, keys: SharedCache, agencyId: string, keyId: string): Promise<Outcome<ApiKeyRecord>> {
  return changeCachedRows(db, keys, async (tx) => {
    const existing = await findKey(tx, keyId);
    if (!existing || existing.agencyId !== agencyId) return notFound('Key');
    return { ok: true, value: (await revokeKey(tx, keyId))! };
  });
}
