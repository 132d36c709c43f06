import type { Database } from './database.js';

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir: string | null;
  /** For tests: a PGlite data-directory dump to start from instead of a folder. */
  pgliteTemplate?: Blob;
  /** The dump a new, empty PGlite folder starts from; the build's by default, null for none. */
  pgliteSnapshot?: string | null;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.js');
    return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  }
  const { openPglite } = await import('./pglite.js');
  return openPglite({ dataDir: options.dataDir, template: options.pgliteTemplate, snapshot: options.pgliteSnapshot });
}
