import { refuse, type Refusal } from '../../platform/outcome.js';
import type { Agency } from './agency-store.js';

/** Why an agency may not hold LIVE keys now; null when it may. */
export type LiveKeysBlocker = 'unverified' | 'suspended';

/**
 * docs/decisions.md §3: LIVE keys belong to an agency whose business registration is verified
 * and which is not suspended. The one rule every path asks (the key store before it writes a
 * LIVE key, the operator API, the pro space and the pages that offer LIVE keys).
 */
export function liveKeysBlocker(agency: Pick<Agency, 'verified' | 'suspendedAt'>): LiveKeysBlocker | null {
  if (agency.suspendedAt) return 'suspended';
  if (!agency.verified) return 'unverified';
  return null;
}

export const canHaveLiveKeys = (agency: Pick<Agency, 'verified' | 'suspendedAt'>): boolean => liveKeysBlocker(agency) === null;

/** Why there is no LIVE key, as the pro space tells the agency. */
export const LIVE_KEYS_UNAVAILABLE_FR: Record<LiveKeysBlocker, string> = {
  unverified: 'Les clés LIVE sont disponibles une fois le SIREN de l’agence vérifié (sous 48 heures après l’inscription).',
  suspended:
    'Votre agence est suspendue : aucune clé LIVE ne peut être créée avant la levée de la suspension (le motif figure sur votre tableau de bord).',
};

/** The refusal of a LIVE key to this agency (operator API wording), or null when it may have one. */
export function liveKeyRefusal(agency: Pick<Agency, 'id' | 'verified' | 'suspendedAt'>): Refusal | null {
  switch (liveKeysBlocker(agency)) {
    case 'suspended':
      return refuse('forbidden', `Agency ${agency.id} is suspended: LIVE keys are issued again once an operator reinstates it`);
    case 'unverified':
      return refuse('forbidden', 'LIVE keys are issued once the agency business registration is verified');
    default:
      return null;
  }
}
