import type { Queryable } from '../../platform/db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { purgeAccountLinks } from '../credentials/one-time-links.js';
import { purgeKnownDevices } from './devices.js';

/** A WebAuthn challenge is answered within minutes or never: an expired one is of no use. */
export async function purgeWebauthnChallenges(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at < $1', [now]);
}

/** What the accounts' security keeps only for a while: mailed links, WebAuthn challenges, known browsers. */
export const accountSecurityJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'accounts.purge-links', everyMs: HOUR_MS, run: () => purgeAccountLinks(db, now()) },
  { name: 'accounts.purge-challenges', everyMs: HOUR_MS, run: () => purgeWebauthnChallenges(db, now()) },
  { name: 'accounts.purge-devices', everyMs: 24 * HOUR_MS, run: () => purgeKnownDevices(db, now()) },
];
