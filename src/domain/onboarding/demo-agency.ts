import type { Database, Queryable } from '../../platform/db/database.js';
import { openAgency } from './open-agency.js';

export interface DemoAgency {
  agencyId: string;
  liveKey: string;
  testKey: string;
}

/** What the first start makes beside the agency, in its transaction (its pro-space user). */
export type DemoExtra<T> = (tx: Queryable, agencyId: string) => Promise<T>;

// Arbitrary constant: two processes starting on an empty database create one demo agency.
const DEMO_LOCK = 7_305_113;
export const DEMO_EMAIL = 'demo@example.invalid';

/** On an empty database, creates a verified demo agency so the first run works at once. */
export async function seedDemoAgency<T = undefined>(db: Database, extra?: DemoExtra<T>): Promise<(DemoAgency & { extra: T }) | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [DEMO_LOCK]);
    const { rows } = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM agencies) AS any');
    if (rows[0]?.any) return null;
    const opened = await openAgency(
      tx,
      { name: 'Demo agency', plan: 'agence', verified: true, email: DEMO_EMAIL },
      { test: 'Demo test key', live: 'Demo live key' },
    );
    const made = extra ? await extra(tx, opened.agency.id) : (undefined as T);
    return { agencyId: opened.agency.id, liveKey: opened.liveKey!.key, testKey: opened.testKey.key, extra: made };
  });
}

/** The demo agency an earlier start created, if it is still there: later starts name it. */
export async function findDemoAgency(db: Database): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM agencies WHERE email = $1 ORDER BY created_at LIMIT 1', [DEMO_EMAIL]);
  return rows[0]?.id ?? null;
}
