import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { signUpAgency } from '../../helpers/pro.js';
import { startSftpDrop, type SftpDrop } from '../../../src/edge/sftp-drop/sftp-server.js';
import { dropDoor, type DropDoor } from '../../../src/domain/poliris/drop-door.js';
import { addDropKey, dropHostFingerprint, dropUserName, setDropPassword } from '../../../src/domain/poliris/drop-accounts.js';
import type { Importer } from '../../../src/domain/poliris/delivered-file.js';
import type { AgencyEnv } from '../../../src/domain/tenant.js';

/**
 * The SFTP drop with a real ssh2 client: password and public-key logins, each agency on its own
 * virtual folder, paths outside it refused, a ZIP handed to the importer when its handle closes.
 */
const { Client, utils } = ssh2;
const { t } = useTestApp({ env: { WORKER: '0' } });

const calls: Array<{ tenant: AgencyEnv; bytes: Buffer; kind: string; origin: string; fileName: string | null }> = [];
const fakeImporter: Importer = async (_db, tenant, upload, options) => {
  calls.push({ tenant, bytes: upload.bytes, kind: upload.kind, origin: options.origin, fileName: options.fileName });
  return { ok: false, code: 'validation_error', detail: 'stand-in' };
};

const PASSWORD = 'un mot de passe de dépôt';
const keyPair = utils.generateKeyPairSync('ed25519');
let drop: SftpDrop;
let door: DropDoor;
let a: AgencyEnv;
let b: AgencyEnv;
let seenHostKey: Buffer | null = null;

/** The agencies, their logins and the drop, made by the first test that needs them (after the app's own set-up). */
let ready: Promise<void> | null = null;
const setUp = () =>
  (ready ??= (async () => {
    const [first, second] = [await signUpAgency(t), await signUpAgency(t)];
    a = { agencyId: first.agencyId, env: 'test' };
    b = { agencyId: second.agencyId, env: 'test' };
    assert.equal((await setDropPassword(t.db, a, PASSWORD, new Date())).ok, true);
    assert.equal((await setDropPassword(t.db, b, `${PASSWORD} de B`, new Date())).ok, true);
    assert.equal((await addDropKey(t.db, a, `${keyPair.public} poste-agence`, new Date())).ok, true);
    door = { ...dropDoor(t.db, () => new Date(), fakeImporter), maxFileBytes: 64 * 1024 };
    drop = await startSftpDrop({ door, port: 0, host: '127.0.0.1' });
  })());
after(() => drop?.close());

type Login = { username: string; password?: string; privateKey?: string };

function connect(login: Login): Promise<{ sftp: SFTPWrapper; end: () => void }> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    client
      .on('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ sftp, end: () => client.end() }))))
      .on('error', reject)
      .connect({
        host: '127.0.0.1',
        port: drop.port,
        ...login,
        tryKeyboard: false,
        hostVerifier: (key: Buffer) => ((seenHostKey = key), true),
      });
  });
}

const call = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));
const put = (sftp: SFTPWrapper, path: string, bytes: Buffer) => call<void>((done) => sftp.writeFile(path, bytes, done));
const statusOf = async (attempt: Promise<unknown>) => {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    return (error as { code?: number }).code;
  }
};

test(`[${databaseKind}] a password login drops a ZIP: imported when its handle closes, for its agency, as an SFTP drop`, async () => {
  await setUp();
  const { sftp, end } = await connect({ username: dropUserName(a), password: PASSWORD });
  try {
    calls.length = 0;
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40_000, 7)]);
    await put(sftp, '/Annonces.zip', zip);
    await drop.settled();
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0], { tenant: a, bytes: zip, kind: 'zip', origin: 'sftp', fileName: 'Annonces.zip' });
    assert.deepEqual(await call((done) => sftp.readdir('/', done)), [], 'the folder keeps nothing');
    assert.equal(await statusOf(call((done) => sftp.open('/Annonces.zip', 'r', done))), 3, 'nothing can be read back');
  } finally {
    end();
  }
  const fingerprint = `SHA256:${createHash('sha256').update(seenHostKey!).digest('base64').replace(/=+$/, '')}`;
  assert.equal(fingerprint, await dropHostFingerprint(t.db), 'the host key the pro page shows');
});

test(`[${databaseKind}] a public-key login works; a file sent under a temporary name is imported once renamed to .zip`, async () => {
  await setUp();
  const { sftp, end } = await connect({ username: dropUserName(a).toUpperCase(), privateKey: keyPair.private });
  try {
    calls.length = 0;
    await put(sftp, 'passerelle.zip.filepart', Buffer.from('PK temporaire'));
    await drop.settled();
    assert.equal(calls.length, 0, 'not a passerelle name yet');
    await call<void>((done) => sftp.rename('passerelle.zip.filepart', 'passerelle.zip', done));
    await drop.settled();
    assert.deepEqual(
      calls.map((c) => [c.tenant, c.fileName, c.bytes.toString()]),
      [[a, 'passerelle.zip', 'PK temporaire']],
    );
  } finally {
    end();
  }
});

test(`[${databaseKind}] a wrong password, another agency's password, an unknown key and a LIVE login of an unverified agency are refused`, async () => {
  await setUp();
  const other = utils.generateKeyPairSync('ed25519');
  for (const login of [
    { username: dropUserName(a), password: 'pas le bon mot de passe' },
    { username: dropUserName(a), password: `${PASSWORD} de B` },
    { username: dropUserName(b), privateKey: keyPair.private },
    { username: dropUserName(a), privateKey: other.private },
    { username: dropUserName({ ...a, env: 'live' }), password: PASSWORD },
    { username: 'root', password: PASSWORD },
  ]) {
    await assert.rejects(connect(login), /authentication methods failed/, JSON.stringify({ ...login, privateKey: undefined }));
  }
  await setDropPassword(t.db, { ...a, env: 'live' }, PASSWORD, new Date());
  await assert.rejects(connect({ username: dropUserName({ ...a, env: 'live' }), password: PASSWORD }), /authentication methods failed/);
});

test(`[${databaseKind}] nothing outside the agency's own folder can be reached: ../, sub-folders, another agency's name`, async () => {
  await setUp();
  const { sftp, end } = await connect({ username: dropUserName(a), password: PASSWORD });
  try {
    calls.length = 0;
    for (const path of [
      '../x.zip',
      `../${dropUserName(b)}/x.zip`,
      `/${dropUserName(b)}/x.zip`,
      '/etc/passwd',
      'a/../../x.zip',
      '..',
      'dossier\\x.zip',
    ])
      assert.equal(await statusOf(put(sftp, path, Buffer.from('PK'))), 3, path);
    assert.equal(await statusOf(call((done) => sftp.readdir('..', done))), 3);
    assert.equal(await statusOf(call((done) => sftp.realpath('../..', done))), 3);
    assert.equal(await call((done) => sftp.realpath('.', done)), '/');
    assert.equal(await statusOf(call((done) => sftp.mkdir('/sous-dossier', done))), 3);
    await drop.settled();
    assert.equal(calls.length, 0, 'nothing imported');
  } finally {
    end();
  }
  const asB = await connect({ username: dropUserName(b), password: `${PASSWORD} de B` });
  try {
    await put(asB.sftp, '/Annonces.zip', Buffer.from('PK de B'));
    await drop.settled();
    assert.deepEqual(
      calls.map((c) => c.tenant),
      [b],
      'B’s file is B’s',
    );
  } finally {
    asB.end();
  }
});

test(`[${databaseKind}] a file over the size limit is refused while it is written, and nothing is imported`, async () => {
  await setUp();
  const { sftp, end } = await connect({ username: dropUserName(a), password: PASSWORD });
  try {
    calls.length = 0;
    assert.equal(await statusOf(put(sftp, '/gros.zip', Buffer.alloc(200 * 1024, 1))), 4);
    await drop.settled();
    assert.equal(calls.length, 0);
  } finally {
    end();
  }
});

test(`[${databaseKind}] the host key is kept in PostgreSQL: a second process serves the same one`, async () => {
  await setUp();
  const second = await startSftpDrop({ door: dropDoor(t.db, () => new Date(), fakeImporter), port: 0, host: '127.0.0.1' });
  try {
    assert.equal(await door.hostKey(), await dropDoor(t.db, () => new Date()).hostKey());
    const first = seenHostKey;
    const { end } = await new Promise<{ end: () => void }>((resolve, reject) => {
      const client = new Client();
      client
        .on('ready', () => resolve({ end: () => client.end() }))
        .on('error', reject)
        .connect({
          host: '127.0.0.1',
          port: second.port,
          username: dropUserName(a),
          password: PASSWORD,
          hostVerifier: (key: Buffer) => ((seenHostKey = key), true),
        });
    });
    end();
    assert.deepEqual(seenHostKey, first);
  } finally {
    await second.close();
  }
});

test(`[${databaseKind}] end to end with the real importer: a dropped file's report is kept, origin sftp`, async () => {
  await setUp();
  const real = await startSftpDrop({ door: dropDoor(t.db, () => new Date()), port: 0, host: '127.0.0.1' });
  try {
    const { sftp, end } = await new Promise<{ sftp: SFTPWrapper; end: () => void }>((resolve, reject) => {
      const client = new Client();
      client
        .on('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve({ sftp, end: () => client.end() }))))
        .on('error', reject)
        .connect({ host: '127.0.0.1', port: real.port, username: dropUserName(a), password: PASSWORD });
    });
    await put(sftp, '/Annonces.zip', Buffer.from('not a zip'));
    end();
    await real.settled();
    const { listImports } = (await import('../../../src/domain/poliris/import.js')) as unknown as {
      listImports: (db: unknown, tenant: AgencyEnv, limit: number) => Promise<Array<{ origin: string; outcome: string; fileName: string }>>;
    };
    const [kept] = await listImports(t.db, a, 5);
    assert.deepEqual([kept?.origin, kept?.outcome, kept?.fileName], ['sftp', 'refused', 'Annonces.zip']);
  } finally {
    await real.close();
  }
});
