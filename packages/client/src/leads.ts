import type { paths } from './schema.js';
import { ListingSyncError, type ListingSyncClient } from './http.js';

type LeadPage = paths['/v1/leads']['get']['responses'][200]['content']['application/json'];
/** One conversation as `GET /v1/leads` gives it (without its messages). */
export type Lead = LeadPage['data'][number];
/** One conversation with its messages, oldest first, as `GET /v1/leads/{leadId}` gives it. */
export type LeadThread = paths['/v1/leads/{leadId}']['get']['responses'][200]['content']['application/json'];
export type LeadStatus = Lead['status'];

export interface ListLeadsOptions {
  /** Only the conversations with this status. */
  status?: LeadStatus;
  /** Only the conversations whose latest message (either side) was written at or after it. */
  since?: Date | string;
  /** Conversations per request, 1 to 200 (default 200). */
  pageSize?: number;
}

/**
 * Every conversation of the agency that matches, oldest first, as `GET /v1/leads` pages
 * through them: each request asks for the page after the previous one's nextCursor, until
 * it is null. Sandbox conversations with a client made with `sandbox: true`.
 */
export async function* listLeads(client: ListingSyncClient, options: ListLeadsOptions = {}): AsyncGenerator<Lead> {
  const since = options.since instanceof Date ? options.since.toISOString() : options.since;
  let after: string | null = null;
  do {
    const query = {
      limit: options.pageSize ?? 200,
      ...(options.status ? { status: options.status } : {}),
      ...(since ? { since } : {}),
      ...(after ? { after } : {}),
    };
    const { data, error, response } = await client.GET('/v1/leads', { params: { query } });
    if (!data) throw new ListingSyncError(response.status, error as ListingSyncError['problem'], 'listLeads');
    const page: LeadPage = data;
    yield* page.data;
    after = page.nextCursor;
  } while (after !== null);
}
