import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';
import { purgeAccountLinks } from '../credentials/one-time-links.js';
import { purgeWebauthnChallenges } from '../credentials/passkeys.js';
import { purgeKnownDevices } from './devices.js';

/** What the accounts' security keeps only for a while: mailed links, WebAuthn challenges, known browsers. */
export const accountSecurityJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'accounts.purge-links', everyMs: HOUR_MS, run: () => purgeAccountLinks(db, now()) },
  { name: 'accounts.purge-challenges', everyMs: HOUR_MS, run: () => purgeWebauthnChallenges(db, now()) },
  { name: 'accounts.purge-devices', everyMs: 24 * HOUR_MS, run: () => purgeKnownDevices(db, now()) },
];
