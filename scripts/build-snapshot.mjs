// `npm run build`, after compiling: the migrated, empty embedded database a first start loads
// (docs/operations.md, "The first start"). Made again only when the migrations or PGlite changed,
// since making it costs 3–4 s of CPU; the key file says what the snapshot was made from.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { URL } from 'node:url';

const dist = new URL('../dist/src/platform/db/', import.meta.url);
const { migrationsHash } = await import(new URL('migrate.js', dist).href);
const { snapshotDir } = await import(new URL('pglite.js', dist).href);
const { writeSnapshot } = await import(new URL('pglite-snapshot.js', dist).href);

const pglite = JSON.parse(readFileSync(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')).version;
const key = `migrations ${migrationsHash()} pglite ${pglite}\n`;
// Beside the snapshot, not in it: the snapshot is copied whole into a new DATA_DIR.
const keyFile = `${snapshotDir}.key`;
if (!existsSync(snapshotDir) || !existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key) {
  process.stdout.write('Making the first-start database snapshot…\n');
  await writeSnapshot(snapshotDir);
  writeFileSync(keyFile, key);
}
