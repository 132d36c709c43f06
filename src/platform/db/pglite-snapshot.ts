import { renameSync, rmSync } from 'node:fs';
import { migrate, readMigrations, type Migration } from './migrate.js';
import { openPglite, snapshotDir } from './pglite.js';

/**
 * Databases made ahead of time, to start from: the build's first-start snapshot and the tests'
 * template. Both are a brand-new database after the migrations and nothing else (the schema and
 * the rows the migrations themselves insert), never an agency, a key or a demo: those belong to
 * the database's owner, made at its first start.
 */

/** The tests' template: a dump of an in-memory database. */
export async function migratedDump(migrations: Migration[] = readMigrations()): Promise<Blob> {
  const db = await openPglite({ dataDir: null });
  try {
    await migrate(db, migrations);
    return await db.snapshot!();
  } finally {
    await db.close();
  }
}

/**
 * Makes the first-start snapshot: a data directory created, migrated and closed (a clean
 * shutdown, so a start needs no recovery), moved into place whole.
 */
export async function writeSnapshot(dir = snapshotDir, migrations: Migration[] = readMigrations()): Promise<void> {
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  const db = await openPglite({ dataDir: partial, snapshot: null });
  try {
    await migrate(db, migrations);
  } finally {
    await db.close();
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}
