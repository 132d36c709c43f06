import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, openAsBlob, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Database } from '../../src/platform/db/database.js';
import { openDatabase } from '../../src/platform/db/open.js';
import { migrate, migrationsHash } from '../../src/platform/db/migrate.js';
import { migratedDump } from '../../src/platform/db/pglite-snapshot.js';

/** Tests run on PostgreSQL when DATABASE_URL is set, on an in-memory PGlite otherwise. */
export const onPostgres = Boolean(process.env.DATABASE_URL);
export const databaseKind = onPostgres ? 'postgres' : 'pglite';

/**
 * PGlite takes 3–4 s to create a database but under a second to load a dump, so the first
 * test file to need one migrates a template and the others load it. The file name carries a
 * hash of the migrations, so a new migration makes a new template. The dump (about 27 MB) is
 * given to PGlite as a file-backed Blob, read once by PGlite rather than copied twice here,
 * and located once per test process.
 */
let template: Promise<Blob> | undefined;
const pgliteTemplate = () => (template ??= templateFile().then((file) => openAsBlob(file)));

async function templateFile(): Promise<string> {
  const file = join(tmpdir(), `listing-sync-template-${migrationsHash()}-slim.tar`);
  if (!existsSync(file)) {
    const dump = await withoutTemplateDatabases(await migratedDump());
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    // Atomic, and never over a template another test file made at the same time: a file-backed
    // Blob can no longer be read once its file is replaced.
    try {
      linkSync(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(partial);
    }
  }
  return file;
}

/**
 * No test creates a database, so the template leaves out the cluster's template0 and template1:
 * 600 of its 1,200 files and 15 of its 42 MB, which every test file's PGlite unpacks (0.15 s).
 */
async function withoutTemplateDatabases(dump: Blob): Promise<Blob> {
  const db = await openDatabase({ databaseUrl: null, dataDir: null, pgliteTemplate: dump });
  try {
    for (const name of ['template0', 'template1']) {
      await db.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
      await db.exec(`DROP DATABASE ${name}`);
    }
    await db.exec('CHECKPOINT');
    return await db.snapshot!();
  } finally {
    await db.close();
  }
}

/** A migrated database for one test file. On PostgreSQL all files share one database; tests isolate by agency. */
export async function openTestDatabase(): Promise<Database> {
  if (onPostgres) {
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null, poolSize: 10 });
    await migrate(db);
    return db;
  }
  return openDatabase({ databaseUrl: null, dataDir: null, pgliteTemplate: await pgliteTemplate() });
}

/** On PostgreSQL, a brand-new empty database on the same server (for tests that need emptiness). */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `ls_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base.toString() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A migrated database no other test file uses: on PostgreSQL a new one on the same server
 * (for tests whose background work must not touch, or be touched by, other files' rows);
 * on PGlite every file's database is its own already.
 */
export async function isolatedTestDatabase(): Promise<{ db: Database; url: string | null; close(): Promise<void> }> {
  if (!onPostgres) {
    const db = await openTestDatabase();
    return { db, url: null, close: () => db.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const db = await openDatabase({ databaseUrl: empty.url, dataDir: null, poolSize: 10 });
  await migrate(db);
  return {
    db,
    url: empty.url,
    async close() {
      await db.close();
      await empty.drop();
    },
  };
}
