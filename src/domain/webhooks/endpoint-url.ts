import type { FieldError } from '../../platform/outcome.js';
import { isLocalName, isPublicAddress, literalAddress } from './address-policy.js';

export const WEBHOOK_URL_MAX = 2_000;

/**
 * The rules of docs/decisions.md §9 that a URL shows by itself: absolute http(s), `https://` for LIVE
 * endpoints, no credentials or fragment, and no local or private address literal unless
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1, which also accepts http:// on LIVE). Names are checked again on their resolved
 * addresses at every delivery, since DNS may answer differently later.
 */
export function checkEndpointUrl(raw: string, env: 'live' | 'test', allowPrivate: boolean): FieldError | null {
  const fail = (message: string): FieldError => ({ field: 'url', message });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('url must be an absolute URL, such as https://crm.example.com/hooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('url must use https:// (or http:// for a sandbox endpoint)');
  // Local development receivers speak plain HTTP: allowPrivate (never in production) accepts them on LIVE too.
  if (url.protocol === 'http:' && env === 'live' && !allowPrivate)
    return fail('url must use https:// for a LIVE endpoint; http:// is accepted for sandbox endpoints only');
  if (url.username || url.password) return fail('url must not carry a user name or password; authenticate deliveries with their signature');
  if (url.hash) return fail('url must not have a #fragment');
  if (allowPrivate) return null;
  const address = literalAddress(url.hostname);
  if ((address && !isPublicAddress(address)) || isLocalName(url.hostname)) {
    return fail('url must not point to a loopback, private, link-local or metadata address');
  }
  return null;
}
