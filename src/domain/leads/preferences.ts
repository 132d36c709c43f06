import type { Queryable } from '../../platform/db/database.js';

/**
 * How a pro user hears of visitors' messages (docs/decisions.md §16): each one as it comes
 * (the default), a daily digest at 08:00 Europe/Paris, or not at all (the pro space and the
 * API still show them).
 */
export const LEAD_MAIL_CHOICES = ['each', 'digest', 'none'] as const;
export type LeadMailChoice = (typeof LEAD_MAIL_CHOICES)[number];

export const isLeadMailChoice = (value: unknown): value is LeadMailChoice => LEAD_MAIL_CHOICES.includes(value as LeadMailChoice);

export async function leadMailChoice(db: Queryable, userId: string): Promise<LeadMailChoice> {
  const { rows } = await db.query<{ lead_mail: LeadMailChoice }>('SELECT lead_mail FROM users WHERE id = $1', [userId]);
  return rows[0]?.lead_mail ?? 'each';
}

/** A user who turns to the digest gets, in the first one, what came after the change. */
export async function chooseLeadMail(db: Queryable, userId: string, choice: LeadMailChoice, now: Date): Promise<void> {
  await db.query(
    `UPDATE users SET lead_mail = $2,
       digest_covered_until = CASE WHEN $2 = 'digest' AND lead_mail <> 'digest' THEN $3 ELSE digest_covered_until END
     WHERE id = $1`,
    [userId, choice, now],
  );
}
