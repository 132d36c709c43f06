import { baseUrlProblem, DEFAULT_BASE_URL } from '@listing-sync/client';

/** The service's address when LISTING_SYNC_URL is not set: `npm start` on this machine (the client's default). */
export const DEFAULT_SERVICE_URL = DEFAULT_BASE_URL;

export type AgencyConnection = { ok: true; key: string; baseUrl: string } | { ok: false; problem: string };

/**
 * Where the agency's commands (push, reconcile, sync, leads, import poliris) send their requests,
 * with which key: LISTING_SYNC_KEY and LISTING_SYNC_URL, or what is wrong with them, said before
 * any request (an address without its scheme failed inside the HTTP client, with its stack).
 */
export function agencyConnection(env: NodeJS.ProcessEnv): AgencyConnection {
  const key = env.LISTING_SYNC_KEY;
  if (!key)
    return {
      ok: false,
      problem: 'LISTING_SYNC_KEY is not set: export the agency’s API key (svc_pk_LIVE_… or, with --sandbox, svc_pk_TEST_…)',
    };
  const baseUrl = env.LISTING_SYNC_URL || DEFAULT_SERVICE_URL;
  const problem = baseUrlProblem(baseUrl);
  return problem ? { ok: false, problem: `LISTING_SYNC_URL ${problem}` } : { ok: true, key, baseUrl };
}
