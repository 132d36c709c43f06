import type { AccountEvent } from '../../../domain/account-security/events.js';
import { ADDRESS_LOCKED } from '../../../domain/account-security/sign-in-locks.js';

/**
 * The French words of every account event the audit log keeps (docs/accounts.md), in one place
 * for the back-office's journal and the agencies' activity page. Typed by the list of events, so
 * an event added there without its words here does not compile.
 */
export const ACCOUNT_EVENT_LABELS: Record<AccountEvent | typeof ADDRESS_LOCKED, string> = {
  'account.password_reset_asked': 'Réinitialisation du mot de passe demandée',
  'account.password_reset': 'Mot de passe réinitialisé',
  'account.password_changed': 'Mot de passe changé',
  'account.email_verified': 'Adresse e-mail vérifiée',
  'account.email_change_asked': 'Changement d’adresse e-mail demandé',
  'account.email_changed': 'Adresse e-mail changée',
  'account.factor_added': 'Second facteur ajouté',
  'account.factor_removed': 'Second facteur retiré',
  'account.recovery_codes_made': 'Codes de secours créés',
  'account.recovery_code_used': 'Code de secours utilisé',
  'account.factors_reset': 'Seconds facteurs retirés par le support',
  'account.session_ended': 'Session terminée',
  'account.other_sessions_ended': 'Autres sessions terminées',
  'account.signed_in_new_device': 'Connexion depuis un nouvel appareil',
  'account.sign_in_locked': 'Connexion bloquée après trop d’échecs',
  'account.invitation_sent': 'Invitation envoyée',
  'account.invitation_revoked': 'Invitation révoquée',
  'account.two_factor_required': 'Double authentification exigée de l’équipe',
  'account.two_factor_not_required': 'Double authentification plus exigée de l’équipe',
  [ADDRESS_LOCKED]: 'Connexions bloquées depuis une adresse après trop d’échecs',
};

/** The words of the fields account events record (`after`); a field without its own words shows its name. */
export const ACCOUNT_FIELD_LABELS: Record<string, string> = {
  session: 'session',
  device: 'appareil',
  network: 'réseau',
  count: 'sessions terminées',
  via: 'terminée depuis',
  label: 'nom',
  kind: 'type',
  space: 'espace',
  role: 'rôle',
  email: 'adresse',
  from: 'ancienne adresse',
  left: 'codes restants',
  reason: 'motif',
  removed: 'facteurs retirés',
};

/** Kinds of second factor as the journal names them. */
const KIND_WORDS: Record<string, string> = { totp: 'application d’authentification', passkey: 'clé d’accès' };

/** The words of an event's action; an action without its own words shows its code. */
export const accountEventLabel = (action: string): string => (ACCOUNT_EVENT_LABELS as Record<string, string | undefined>)[action] ?? action;

/** What an event recorded (`after`), one line per field in words; values as they were recorded. */
export function accountEventFacts(after: unknown): Array<{ field: string; text: string }> {
  if (after === null || typeof after !== 'object' || Array.isArray(after)) return [];
  return Object.entries(after as Record<string, unknown>).map(([field, value]) => ({
    field: ACCOUNT_FIELD_LABELS[field] ?? field,
    text:
      value === null || value === undefined
        ? '—'
        : field === 'kind' && typeof value === 'string'
          ? (KIND_WORDS[value] ?? value)
          : typeof value === 'string'
            ? value
            : JSON.stringify(value),
  }));
}
