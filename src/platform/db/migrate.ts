import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const here = dirname(fileURLToPath(import.meta.url));
/** SQL files live beside the sources; `npm run build` copies them next to the compiled code. */
export const migrationsDir = join(here, 'migrations');

// Arbitrary constant: every process taking this advisory lock runs migrations one at a time.
const MIGRATION_LOCK = 7_305_112;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file, sql: readFileSync(join(dir, file), 'utf8') }));
}

/** Names a list of migrations, contents included: a dump made from them is current while this stays the same. */
export function migrationsHash(migrations = readMigrations()): string {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(migration.name).update('\0').update(migration.sql).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Applies pending numbered migrations, each in its own transaction; safe when processes start together. */
export async function migrate(db: Database, migrations = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      // Migration files are plain SQL scripts; statements are split on lines ending with ';'.
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}

/**
 * Splits a script on semicolons at the end of a line, so a migration can hold several
 * statements while still running inside the caller's transaction (extended protocol takes one).
 * Function bodies use `$$ ... $$` blocks whose inner lines must not end with a bare ';'
 * outside the block: the splitter keeps everything between `$$` markers together.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    const trimmed = line.trim();
    if (!inDollar && (trimmed.startsWith('--') || trimmed === '')) continue;
    current += line + '\n';
    const markers = line.split('$$').length - 1;
    if (markers % 2 === 1) inDollar = !inDollar;
    if (!inDollar && trimmed.endsWith(';')) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
