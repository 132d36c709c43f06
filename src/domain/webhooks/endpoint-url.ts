import type { FieldError } from '../../platform/outcome.js';
import { isLocalName, isPublicAddress, literalAddress } from './address-policy.js';

export const WEBHOOK_URL_MAX = 2_000;

/** Why a webhook URL is refused, in English for the API and in French for the pro space. */
export interface EndpointUrlProblem {
  en: string;
  fr: string;
}

const PROBLEMS = {
  notAbsolute: {
    en: 'url must be an absolute URL, such as https://crm.example.com/hooks',
    fr: 'Saisissez une adresse complète, par exemple https://crm.exemple.fr/webhooks.',
  },
  scheme: {
    en: 'url must use https:// (or http:// for a sandbox endpoint)',
    fr: 'L’adresse doit commencer par https:// (ou http:// pour un point de réception TEST).',
  },
  liveNeedsHttps: {
    en: 'url must use https:// for a LIVE endpoint; http:// is accepted for sandbox endpoints only',
    fr: 'Un point de réception LIVE doit utiliser https:// ; http:// n’est accepté qu’en TEST (bac à sable).',
  },
  credentials: {
    en: 'url must not carry a user name or password; authenticate deliveries with their signature',
    fr: 'L’adresse ne doit contenir ni nom d’utilisateur ni mot de passe : votre logiciel authentifie chaque requête par sa signature.',
  },
  fragment: { en: 'url must not have a #fragment', fr: 'L’adresse ne doit pas contenir de #fragment.' },
  // A developer trying webhooks on a local start meets this first: it names the setting that lifts it.
  private: {
    en: 'url must not point to a loopback, private, link-local or metadata address (for local development, an operator can allow them by starting the service with WEBHOOK_ALLOW_PRIVATE=1)',
    fr: 'Cette adresse désigne une machine locale ou un réseau privé : nous n’y envoyons rien. Indiquez une adresse joignable depuis Internet (pour le développement en local, un opérateur peut autoriser ces adresses en démarrant le service avec WEBHOOK_ALLOW_PRIVATE=1).',
  },
} satisfies Record<string, EndpointUrlProblem>;

/** Which outbound URL rule a URL breaks (`outboundUrlRule`); each caller words it for its readers. */
export type OutboundUrlRule = keyof typeof PROBLEMS;

/**
 * The rules of docs/decisions.md §9 that a URL the service will call shows by itself (webhook
 * endpoints, passerelle files to pull): absolute http(s), `https://` on LIVE, no credentials or
 * fragment, and no local or private address literal unless `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1,
 * which also accepts http:// on LIVE). Names are checked again on their resolved addresses at
 * every call (`guardedAgent`), since DNS may answer differently later. Null when the URL passes.
 */
export function outboundUrlRule(raw: string, env: 'live' | 'test', allowPrivate: boolean): OutboundUrlRule | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'notAbsolute';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  // A local address is named before https:// on LIVE: `http://localhost:3000` is a developer's
  // receiver, and the one setting that admits it (allowPrivate) also admits plain HTTP on LIVE.
  const address = literalAddress(url.hostname);
  if (!allowPrivate && ((address && !isPublicAddress(address)) || isLocalName(url.hostname))) return 'private';
  // Local development receivers speak plain HTTP: allowPrivate (never in production) accepts them on LIVE too.
  if (url.protocol === 'http:' && env === 'live' && !allowPrivate) return 'liveNeedsHttps';
  if (url.username || url.password) return 'credentials';
  if (url.hash) return 'fragment';
  return null;
}

/** A webhook endpoint's URL against the outbound rules, worded for the API and the pro space; null when it passes. */
export function endpointUrlProblem(raw: string, env: 'live' | 'test', allowPrivate: boolean): EndpointUrlProblem | null {
  const rule = outboundUrlRule(raw, env, allowPrivate);
  return rule && PROBLEMS[rule];
}

/** The same check as the API's field error on `url`. */
export function checkEndpointUrl(raw: string, env: 'live' | 'test', allowPrivate: boolean): FieldError | null {
  const problem = endpointUrlProblem(raw, env, allowPrivate);
  return problem && { field: 'url', message: problem.en };
}
