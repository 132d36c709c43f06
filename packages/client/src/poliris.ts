import { randomUUID } from 'node:crypto';
import { ListingSyncError, type ListingSyncClient } from './http.js';
import type { operations } from './schema.js';

/** The report of an import: counts, and per line what was refused or remarked on (in French). */
export type PolirisImport = operations['importPoliris']['responses'][200]['content']['application/json'];

export interface PolirisImportOptions {
  /** `zip` for the passerelle ZIP (the default), `csv` for Annonces.csv alone. */
  kind?: 'zip' | 'csv';
  /** Shown with the report in the pro space. */
  fileName?: string;
  /** Withdraw even more than 20 % of the listings on the market. */
  force?: boolean;
}

/**
 * Imports a passerelle file (Poliris 4.x, the ZIP agency software sends to portals): the agency's
 * whole set, run by the service as one full sync session. Resolves with the report once the
 * import is done; a file refused whole (400, 413), over the withdrawal cap (409) or sent while
 * another import runs (409) throws `ListingSyncError` with the service's French detail. The
 * request carries an Idempotency-Key, so a retry after a lost answer gets the first report.
 */
export async function importPoliris(
  client: ListingSyncClient,
  file: Uint8Array,
  options: PolirisImportOptions = {},
): Promise<PolirisImport> {
  const type = options.kind === 'csv' ? 'text/csv' : 'application/zip';
  const query = { ...(options.force ? { force: 'true' as const } : {}), ...(options.fileName ? { fileName: options.fileName } : {}) };
  const answer = await client.POST('/ingest/poliris', {
    params: { query },
    headers: { 'content-type': type, 'idempotency-key': randomUUID() },
    // The typed body is the file's bytes, sent as they are.
    body: file as unknown as string,
    bodySerializer: (bytes: unknown) => bytes as string,
  });
  if (!answer.data) throw new ListingSyncError(answer.response.status, answer.error as ListingSyncError['problem'], 'Importing the file');
  return answer.data;
}
