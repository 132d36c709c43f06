import { refuse, type Refusal } from '../../platform/outcome.js';
import type { Agency } from './agency-store.js';

/** Why an agency may not hold LIVE keys now. */
export type AgencyLiveKeysBlocker = 'unverified' | 'suspended';
/** Why a user of the pro space may not create a LIVE key now: the agency's reason, or their own address. */
export type LiveKeysBlocker = AgencyLiveKeysBlocker | 'address_unverified';

/** The user who would create a LIVE key in the pro space: whether the link mailed to their address was followed. */
export interface LiveKeyCreator {
  emailVerified: boolean;
}

/**
 * docs/decisions.md §3: LIVE keys belong to an agency whose business registration is verified
 * and which is not suspended; and a user of the pro space makes one only once their own address
 * is verified (docs/accounts.md): a LIVE key publishes on the agency's behalf, so whoever makes
 * it must be reachable at the address they gave. The one rule every path asks (the key store
 * before it writes a LIVE key, the operator API, the pro space and the pages that offer LIVE
 * keys); an operator creating a key names no creator. Null when nothing stands in the way.
 */
export function liveKeysBlocker(agency: Pick<Agency, 'verified' | 'suspendedAt'>): AgencyLiveKeysBlocker | null;
export function liveKeysBlocker(agency: Pick<Agency, 'verified' | 'suspendedAt'>, creator: LiveKeyCreator): LiveKeysBlocker | null;
export function liveKeysBlocker(agency: Pick<Agency, 'verified' | 'suspendedAt'>, creator?: LiveKeyCreator): LiveKeysBlocker | null {
  if (agency.suspendedAt) return 'suspended';
  if (!agency.verified) return 'unverified';
  if (creator && !creator.emailVerified) return 'address_unverified';
  return null;
}

export const canHaveLiveKeys = (agency: Pick<Agency, 'verified' | 'suspendedAt'>): boolean => liveKeysBlocker(agency) === null;

/** Why there is no LIVE key, as the pro space tells the agency. */
export const LIVE_KEYS_UNAVAILABLE_FR: Record<LiveKeysBlocker, string> = {
  unverified: 'Les clés LIVE sont disponibles une fois le SIREN de l’agence vérifié (sous 48 heures après l’inscription).',
  suspended:
    'Votre agence est suspendue : aucune clé LIVE ne peut être créée avant la levée de la suspension (le motif figure sur votre tableau de bord).',
  address_unverified:
    'Confirmez d’abord votre adresse e-mail : une clé LIVE ne peut être créée qu’une fois l’adresse vérifiée par le lien que nous vous avons envoyé.',
};

/** The refusal of a LIVE key to this agency (operator API wording), or null when it may have one. */
export function liveKeyRefusal(agency: Pick<Agency, 'id' | 'verified' | 'suspendedAt'>, creator?: LiveKeyCreator): Refusal | null {
  switch (creator ? liveKeysBlocker(agency, creator) : liveKeysBlocker(agency)) {
    case 'suspended':
      return refuse('forbidden', `Agency ${agency.id} is suspended: LIVE keys are issued again once an operator reinstates it`);
    case 'unverified':
      return refuse('forbidden', 'LIVE keys are issued once the agency business registration is verified');
    case 'address_unverified':
      return refuse('forbidden', 'LIVE keys are issued once the creating user has verified their e-mail address');
    default:
      return null;
  }
}
