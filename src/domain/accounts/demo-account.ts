import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { DEMO_EMAIL, seedDemoAgency, type DemoAgency } from '../onboarding/demo-agency.js';
import { insertUser } from './user-store.js';

/** The demo agency with the pro-space user a newcomer signs in as; the password is shown once. */
export interface DemoAccount extends DemoAgency {
  proEmail: string;
  proPassword: string;
}

/**
 * On an empty database, the demo agency and its admin user, in one transaction: with a user, a
 * visitor's contact to a demo listing is mailed (to the local mailbox) and its inbox, replies
 * and statistics can be reached, so the whole loop can be walked from the start banner alone.
 */
export async function seedDemoAccount(db: Database): Promise<DemoAccount | null> {
  const proPassword = randomBytes(12).toString('base64url');
  const seeded = await seedDemoAgency(db, async (tx, agencyId) => {
    const user = await insertUser(tx, { agencyId, email: DEMO_EMAIL, password: proPassword, role: 'admin' });
    return user?.email ?? null;
  });
  if (!seeded) return null;
  const { extra: proEmail, ...agency } = seeded;
  if (!proEmail) throw new Error(`the demo user ${DEMO_EMAIL} exists already without its agency`);
  return { ...agency, proEmail, proPassword };
}
