import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../src/main/server.js';
import { loadConfig } from '../../src/platform/config.js';
import { createEmptyPostgresDatabase, databaseKind, onPostgres } from '../helpers/database.js';

/** `serve` runs the SFTP drop only with SFTP_PORT, says where, and closes its port when it stops. */
test(`[${databaseKind}] serve starts the SFTP drop with SFTP_PORT, prints it, and stops it with the server`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-sftp-'));
  const pg = onPostgres ? await createEmptyPostgresDatabase() : null;
  const base = {
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    DEMO: '0',
    WORKER: '0',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  };
  try {
    assert.equal(loadConfig(base).sftpPort, null, 'off unless SFTP_PORT is set');
    assert.throws(() => loadConfig({ ...base, SFTP_PORT: 'vingt-deux' }), /SFTP_PORT must be a whole number/);
    const lines: string[] = [];
    const server = await startServer(loadConfig({ ...base, SFTP_PORT: '0' }), { print: (line) => lines.push(line) });
    const shown = lines.find((line) => line.includes('SFTP drop'));
    const port = Number(/port (\d+)/.exec(shown ?? '')?.[1]);
    assert.ok(port > 0, shown);
    const banner = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('data', (data) => (resolve(data.toString()), socket.destroy()));
      socket.once('error', reject);
    });
    assert.match(banner, /^SSH-2\.0-listing-sync-drop/);
    await server.stop();
    await assert.rejects(
      new Promise((resolve, reject) => connect(port, '127.0.0.1').once('connect', resolve).once('error', reject)),
      /ECONNREFUSED/,
    );
  } finally {
    await pg?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
});
