import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../../src/platform/db/database.js';
import { migrate, readMigrations } from '../../../src/platform/db/migrate.js';
import { openDatabase } from '../../../src/platform/db/open.js';
import { writeSnapshot } from '../../../src/platform/db/pglite-snapshot.js';
import { seedDemoAgency } from '../../../src/domain/onboarding/demo-agency.js';

/**
 * What a first start on an empty DATA_DIR gets from the build's snapshot
 * (docs/operations.md, "The first start"): the database a start without it makes, sooner.
 * Each database made from nothing costs 3–4 s of CPU, so the file makes three and no more.
 */

const migrations = readMigrations();
let dir: string;
let snapshot: string;
/** A first start without any snapshot: the reference. */
let reference: { schema: string[]; rows: Record<string, number> };

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'listing-sync-snapshot-'));
  snapshot = join(dir, 'snapshot');
  await writeSnapshot(snapshot);
  reference = await firstStart(join(dir, 'without'), join(dir, 'no-such-snapshot'), async (db, applied) => {
    assert.deepEqual(applied, versions(migrations), 'a missing snapshot: the database is created and every migration runs');
  });
});
after(() => rmSync(dir, { recursive: true, force: true }));

const versions = (list: typeof migrations) => list.map((migration) => migration.version);

/** Opens `dataDir` as a start does (open, then migrate), describes it, closes it. */
async function firstStart(dataDir: string, pgliteSnapshot: string, check?: (db: Database, applied: number[]) => Promise<void>) {
  const db = await openDatabase({ databaseUrl: null, dataDir, pgliteSnapshot });
  try {
    const applied = await migrate(db);
    const description = { schema: await schemaOf(db), rows: await rowCounts(db) };
    await check?.(db, applied);
    return description;
  } finally {
    await db.close();
  }
}

/** Every object the migrations make, as PostgreSQL itself prints it, in one sorted list. */
async function schemaOf(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ line: string }>(`
    SELECT 'migration ' || version || ' ' || name AS line FROM schema_migrations
    UNION ALL SELECT format('column %s.%s %s %s %s', table_name, column_name, data_type, is_nullable, column_default)
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT format('constraint %s %s %s', conrelid::regclass, conname, pg_get_constraintdef(oid))
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT format('function %s %s', oid::regprocedure, md5(pg_get_functiondef(oid)))
      FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prokind IN ('f', 'p')
    UNION ALL SELECT format('trigger %s %s', tgrelid::regclass, pg_get_triggerdef(oid)) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT format('view %s %s', viewname, md5(definition)) FROM pg_views WHERE schemaname = 'public'
    UNION ALL SELECT 'sequence ' || sequencename FROM pg_sequences WHERE schemaname = 'public'
    ORDER BY 1`);
  return rows.map((row) => row.line);
}

/** The rows of every table: only what the migrations themselves insert. */
async function rowCounts(db: Database): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) counts[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0]!.n;
  return counts;
}

test("a first start from the build's snapshot has the schema, migrations and (no) rows of a start without it, and still creates the demo agency", async () => {
  const fromSnapshot = await firstStart(join(dir, 'with'), snapshot, async (db, applied) => {
    assert.deepEqual(applied, [], 'the snapshot is current: nothing left to migrate');
    assert.deepEqual(
      readdirSync(dir).filter((name) => name.includes('partial')),
      [],
      'nothing left beside the data directory',
    );
    const demo = await seedDemoAgency(db);
    assert.ok(demo, 'the snapshot holds no agency: the first start makes the demo one');
  });
  assert.ok(reference.schema.length > 100, 'the description covers the schema');
  assert.deepEqual(fromSnapshot.schema, reference.schema);
  assert.deepEqual(fromSnapshot.rows, reference.rows);
  assert.equal(fromSnapshot.rows.agencies, 0, 'no agency in the snapshot');
  assert.equal(fromSnapshot.rows.api_keys, 0, 'no key in the snapshot');
});

test('a snapshot older than the code: the newer migrations run on it', async () => {
  // The code gains a migration the build's snapshot does not have.
  const newer = { version: 999, name: '999_probe.sql', sql: 'CREATE TABLE snapshot_probe (id integer PRIMARY KEY);' };
  const db = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'from-stale'), pgliteSnapshot: snapshot });
  try {
    assert.deepEqual(await migrate(db, [...migrations, newer]), [999]);
    const schema = await schemaOf(db);
    assert.deepEqual(
      // Not any line with 999 in it: a function's md5 may hold it.
      schema.filter((line) => !line.includes('snapshot_probe') && line !== 'migration 999 999_probe.sql'),
      reference.schema,
    );
    assert.ok(schema.includes('migration 999 999_probe.sql'));
    assert.ok(schema.some((line) => line.startsWith('column snapshot_probe.id integer')));
  } finally {
    await db.close();
  }
});

test('an existing empty DATA_DIR (a mounted volume) starts from the snapshot too', async () => {
  const dataDir = join(dir, 'empty-volume');
  mkdirSync(dataDir);
  const started = await firstStart(dataDir, snapshot, async (db, applied) => {
    assert.deepEqual(applied, []);
    // The snapshot's postgresql.conf says 128 MB, a server's: in the process's own memory, 16 MB.
    assert.equal((await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]!.shared_buffers, '16MB');
  });
  assert.deepEqual(started.schema, reference.schema);
});

test('a corrupt snapshot never fails the start: a warning, and the database is created', async () => {
  const corrupt = join(dir, 'corrupt');
  cpSync(snapshot, corrupt, { recursive: true });
  writeFileSync(join(corrupt, 'PG_VERSION'), 'not a version\n');
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on('warning', onWarning);
  try {
    const started = await firstStart(join(dir, 'from-corrupt'), corrupt, async (_db, applied) => {
      assert.deepEqual(applied, versions(migrations), 'every migration ran on the created database');
    });
    assert.deepEqual(started.schema, reference.schema);
    assert.deepEqual(started.rows, reference.rows);
  } finally {
    process.off('warning', onWarning);
  }
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /snapshot .*corrupt could not be used .*creating the database instead/);
});
