/** The service's address when LISTING_SYNC_URL is not set: `npm start` on this machine. */
export const DEFAULT_SERVICE_URL = 'http://127.0.0.1:8080';

export type AgencyConnection = { ok: true; key: string; baseUrl: string } | { ok: false; problem: string };

/**
 * Where the agency's commands (push, reconcile, sync, leads, import poliris) send their requests,
 * with which key: LISTING_SYNC_KEY and LISTING_SYNC_URL, or what is wrong with them, said before
 * any request (an address without its scheme failed later, inside the HTTP client).
 */
export function agencyConnection(env: NodeJS.ProcessEnv): AgencyConnection {
  const key = env.LISTING_SYNC_KEY;
  if (!key)
    return {
      ok: false,
      problem: 'LISTING_SYNC_KEY is not set: export the agency’s API key (svc_pk_LIVE_… or, with --sandbox, svc_pk_TEST_…)',
    };
  const baseUrl = env.LISTING_SYNC_URL || DEFAULT_SERVICE_URL;
  if (!/^https?:\/\/[^\s/?#]+/i.test(baseUrl))
    return {
      ok: false,
      problem: `LISTING_SYNC_URL must be an http:// or https:// address such as ${DEFAULT_SERVICE_URL}; it is "${baseUrl}"`,
    };
  return { ok: true, key, baseUrl };
}
