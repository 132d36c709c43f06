import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { enqueueMail } from '../../platform/mail/outbox.js';
import { refuse, type Outcome } from '../../platform/outcome.js';
import { findAccountByEmail } from '../account-security/directory.js';
import { recordAccountEvent } from '../account-security/events.js';
import { isEmailAddress, normaliseEmail } from '../credentials/email.js';
import { hashLinkSecret, LINK_SECRET_PATTERN, newLinkSecret } from '../credentials/link-secret.js';
import type { MailSite } from '../mail/site.js';
import { invitationMail } from './invitation-mail.js';
import { EmailTaken, emailTaken, insertUser, type Role, type User } from './user-store.js';

/**
 * Invitations to an agency's team (docs/accounts.md): an admin names the colleague's address
 * and role, the link is mailed to that address (never shown to the admin), works once within
 * seven days, and can be revoked; a new invitation to the same address replaces the older one.
 * Following the link proves the address, so the account it opens is verified.
 */

const INVITATION_DAYS = 7;
export const INVITATION_TOKEN = LINK_SECRET_PATTERN;
export const invitationPath = (token: string) => `/pro/invitation/${token}`;

export interface PendingInvitation {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
}

const ALREADY_MEMBER_FR = 'Cette adresse a déjà un compte dans l’espace pro : elle ne peut pas être invitée.';
const DEAD_FR = 'Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle.';

/** Invites `email` as `role`: the invitation and its mail in one transaction, audited as the admin's act. */
export async function inviteColleague(
  db: Database,
  input: { agencyId: string; email: string; role: Role; by: string },
  site: MailSite,
  now: Date,
): Promise<Outcome<PendingInvitation>> {
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email))
    return refuse('validation_error', 'Adresse invalide', [
      { field: 'email', message: 'Indiquez l’adresse e-mail de votre collègue, comme nom@agence.fr.' },
    ]);
  if (await findAccountByEmail(db, 'pro', email))
    return refuse('conflict', ALREADY_MEMBER_FR, [{ field: 'email', message: ALREADY_MEMBER_FR }]);
  const token = newLinkSecret();
  const invitation: PendingInvitation = {
    id: newId('inv'),
    email,
    role: input.role,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
  };
  await db.transaction(async (tx) => {
    await tx.query(
      'UPDATE invitations SET revoked_at = $3 WHERE agency_id = $1 AND email = $2 AND used_at IS NULL AND revoked_at IS NULL',
      [input.agencyId, email, now],
    );
    const { rows } = await tx.query<{ name: string }>(
      `INSERT INTO invitations (token_hash, id, agency_id, role, created_by, created_at, expires_at, email) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING (SELECT name FROM agencies WHERE id = $3)`,
      [hashLinkSecret(token), invitation.id, input.agencyId, input.role, input.by, now, invitation.expiresAt, email],
    );
    const mail = invitationMail(email, {
      agencyName: rows[0]!.name,
      role: input.role,
      link: `${site.siteUrl}${invitationPath(token)}`,
      expiresAt: invitation.expiresAt,
    });
    await enqueueMail(tx, mail, { from: site.mailFrom, now });
    await recordAccountEvent(tx, { scope: 'pro', id: input.by, agencyId: input.agencyId }, 'account.invitation_sent', {
      after: { email, role: input.role },
    });
  });
  return { ok: true, value: invitation };
}

/** The invitations of the agency that can still be accepted, newest first. */
export async function listPendingInvitations(db: Queryable, agencyId: string, now: Date): Promise<PendingInvitation[]> {
  const { rows } = await db.query<{ id: string; email: string | null; role: Role; expires_at: Date }>(
    `SELECT id, email, role, expires_at FROM invitations
     WHERE agency_id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at DESC, id`,
    [agencyId, now],
  );
  return rows.map((row) => ({ id: row.id, email: row.email ?? '—', role: row.role, expiresAt: row.expires_at }));
}

/** Revokes a pending invitation of the agency: its link then answers as an expired one. */
export async function revokeInvitation(
  db: Database,
  input: { agencyId: string; invitationId: string; by: string },
  now: Date,
): Promise<Outcome<PendingInvitation>> {
  return db.transaction(async (tx): Promise<Outcome<PendingInvitation>> => {
    const { rows } = await tx.query<{ id: string; email: string | null; role: Role; expires_at: Date }>(
      `UPDATE invitations SET revoked_at = $3 WHERE agency_id = $1 AND id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $3
       RETURNING id, email, role, expires_at`,
      [input.agencyId, input.invitationId, now],
    );
    const row = rows[0];
    if (!row) return refuse('not_found', 'Cette invitation n’est plus en attente : elle a été acceptée, révoquée ou a expiré.');
    await recordAccountEvent(tx, { scope: 'pro', id: input.by, agencyId: input.agencyId }, 'account.invitation_revoked', {
      after: { email: row.email, role: row.role },
    });
    return { ok: true, value: { id: row.id, email: row.email ?? '—', role: row.role, expiresAt: row.expires_at } };
  });
}

const LIVE = 'token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2';

/** What the invitation page shows: the agency, the role, and the invited address (null for one made before addresses were asked). */
export async function findInvitation(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ agencyId: string; agencyName: string; role: Role; email: string | null } | null> {
  if (!INVITATION_TOKEN.test(token)) return null;
  const { rows } = await db.query<{ agency_id: string; name: string; role: Role; email: string | null }>(
    `SELECT i.agency_id, a.name, i.role, i.email FROM invitations i JOIN agencies a ON a.id = i.agency_id WHERE i.${LIVE}`,
    [hashLinkSecret(token), now],
  );
  const row = rows[0];
  return row ? { agencyId: row.agency_id, agencyName: row.name, role: row.role, email: row.email } : null;
}

/**
 * Accepting an invitation creates the colleague's account at the invited address, verified since
 * the link came to it; the link then stops working. An invitation made before addresses were
 * asked takes the address typed, unverified.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  input: { email?: string; password: string },
  now: Date,
): Promise<Outcome<User>> {
  if (!INVITATION_TOKEN.test(token)) return refuse('not_found', DEAD_FR);
  return db
    .transaction(async (tx): Promise<Outcome<User>> => {
      const { rows } = await tx.query<{ agency_id: string; role: Role; email: string | null }>(
        `UPDATE invitations SET used_at = $2 WHERE ${LIVE} RETURNING agency_id, role, email`,
        [hashLinkSecret(token), now],
      );
      const invitation = rows[0];
      if (!invitation) return refuse('not_found', DEAD_FR);
      const email = invitation.email ?? input.email ?? '';
      const user = await insertUser(tx, {
        agencyId: invitation.agency_id,
        email,
        password: input.password,
        role: invitation.role,
        emailVerified: invitation.email !== null,
      });
      if (!user) throw new EmailTaken();
      return { ok: true, value: user };
    })
    .catch((error: unknown) => {
      if (error instanceof EmailTaken) return emailTaken();
      throw error;
    });
}
