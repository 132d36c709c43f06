import type { Queryable } from '../../platform/db/database.js';
import { insertAgency, type Agency, type NewAgency } from '../agencies/agency-store.js';
import { canHaveLiveKeys } from '../agencies/live-keys.js';
import { createKey, type CreatedKey } from '../keys/key-store.js';

export interface OpenedAgency {
  agency: Agency;
  /** Every new agency gets a TEST key at once, to try the sandbox. */
  testKey: CreatedKey;
  /** A LIVE key only for an agency that may hold one already (created verified); otherwise verification issues it. */
  liveKey: CreatedKey | null;
}

/**
 * A new agency with its default keys, inside the caller's transaction: the operator API's
 * POST /admin/api/agencies, the pro sign-up and the demo agency. Each names the keys in its
 * audience's words; the values are returned this once and never stored.
 */
export async function openAgency(tx: Queryable, input: NewAgency, keyNames: { test: string; live: string }): Promise<OpenedAgency> {
  const agency = await insertAgency(tx, input);
  const test = await createKey(tx, { agencyId: agency.id, env: 'test', name: keyNames.test });
  const live = canHaveLiveKeys(agency) ? await createKey(tx, { agencyId: agency.id, env: 'live', name: keyNames.live }) : null;
  // The agency was just written in this transaction, so neither key can be refused.
  if (!test.ok) throw new Error(`the new agency's TEST key was refused: ${test.detail}`);
  if (live && !live.ok) throw new Error(`the new agency's LIVE key was refused: ${live.detail}`);
  return { agency, testKey: test.value, liveKey: live?.value ?? null };
}
