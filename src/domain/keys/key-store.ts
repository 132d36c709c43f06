import type { Queryable } from '../../platform/db/database.js';
import type { Plan } from '../agencies/plans.js';
import { liveKeyRefusal, type LiveKeyCreator } from '../agencies/live-keys.js';
import { newId } from '../../platform/db/ids.js';
import { notFound, type Outcome } from '../../platform/outcome.js';
import { displayForm, generateKey, hashKey, SCOPES, type KeyEnv, type Scope } from './key-format.js';

export interface ApiKeyRecord {
  id: string;
  agencyId: string;
  env: KeyEnv;
  name: string;
  display: string;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What authentication needs about a key, in one row: the key and its agency's plan. */
export interface VerifiedKey extends ApiKeyRecord {
  keyHash: string;
  plan: Plan;
  agencyName: string;
  agencyVerified: boolean;
  /** A suspended agency's keys are refused until an operator reinstates it. */
  agencySuspended: boolean;
}

interface KeyRow {
  id: string;
  agency_id: string;
  env: KeyEnv;
  name: string;
  display: string;
  scopes: Scope[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const toRecord = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  agencyId: row.agency_id,
  env: row.env,
  name: row.name,
  display: row.display,
  scopes: row.scopes,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

export interface CreatedKey {
  record: ApiKeyRecord;
  /** The full key: returned once, never stored. */
  key: string;
}

/**
 * Writes a new key: the one way a key is made, so the LIVE-key rule (agencies/live-keys.ts) is
 * checked here whatever the caller. The agency's row is read FOR SHARE: a suspension committing
 * at the same moment waits for this key, or this key sees it.
 */
export async function createKey(
  db: Queryable,
  input: { agencyId: string; env: KeyEnv; name?: string; scopes?: readonly Scope[]; creator?: LiveKeyCreator },
): Promise<Outcome<CreatedKey>> {
  const { rows: agencies } = await db.query<{ id: string; verified: boolean; suspended_at: Date | null }>(
    'SELECT id, verified, suspended_at FROM agencies WHERE id = $1 FOR SHARE',
    [input.agencyId],
  );
  const agency = agencies[0];
  if (!agency) return notFound('Agency');
  if (input.env === 'live') {
    const refused = liveKeyRefusal({ id: agency.id, verified: agency.verified, suspendedAt: agency.suspended_at }, input.creator);
    if (refused) return refused;
  }
  const key = generateKey(input.env);
  const scopes = input.scopes && input.scopes.length > 0 ? [...new Set(input.scopes)] : [...SCOPES];
  const name = input.name?.trim() || (input.env === 'live' ? 'Live key' : 'Test key');
  const { rows } = await db.query<KeyRow>(
    `INSERT INTO api_keys (id, agency_id, env, name, key_hash, display, scopes)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [newId('key'), input.agencyId, input.env, name, hashKey(key), displayForm(key), scopes],
  );
  return { ok: true, value: { record: toRecord(rows[0]!), key } };
}

export async function findKeyByHash(db: Queryable, keyHash: string): Promise<VerifiedKey | null> {
  const { rows } = await db.query<
    KeyRow & { key_hash: string; plan: Plan; agency_name: string; agency_verified: boolean; agency_suspended: boolean }
  >(
    `SELECT k.*, a.plan, a.name AS agency_name, a.verified AS agency_verified, a.suspended_at IS NOT NULL AS agency_suspended FROM api_keys k JOIN agencies a ON a.id = k.agency_id
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [keyHash],
  );
  const row = rows[0];
  return row
    ? {
        ...toRecord(row),
        keyHash: row.key_hash,
        plan: row.plan,
        agencyName: row.agency_name,
        agencyVerified: row.agency_verified,
        agencySuspended: row.agency_suspended,
      }
    : null;
}

export async function listKeys(db: Queryable, agencyId: string): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<KeyRow>('SELECT * FROM api_keys WHERE agency_id = $1 ORDER BY created_at, id', [agencyId]);
  return rows.map(toRecord);
}

export async function findKey(db: Queryable, keyId: string): Promise<ApiKeyRecord | null> {
  const { rows } = await db.query<KeyRow>('SELECT * FROM api_keys WHERE id = $1', [keyId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Revokes a key; returns the record, or null when no such key exists. Revoking twice is harmless. */
export async function revokeKey(db: Queryable, keyId: string): Promise<ApiKeyRecord | null> {
  const { rows } = await db.query<KeyRow>('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING *', [
    keyId,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}
