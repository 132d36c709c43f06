import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { hiddenToken, signUpAgency, type SignedUp } from '../../helpers/pro.js';
import { fakeParts, fakeUpload, type FakeLine } from '../../helpers/poliris-import.js';
import { annoncesCsv, specs } from '../../helpers/poliris-upload.js';
import { importPoliris, POLIRIS_UPLOAD_LIMIT } from '../../../src/domain/poliris/import.js';

const { t } = useTestApp();

/** The form as a browser sends it: multipart, the session's token first. */
function multipartBody(fields: Record<string, string>, file: { name: string; bytes: Buffer } | null) {
  const boundary = '----listingSyncTest7d3';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="fichier"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(pro: SignedUp, file: { name: string; bytes: Buffer } | null, extra: Record<string, string> = {}, csrf?: string) {
  const token = csrf ?? hiddenToken((await pro.browser.get('/pro/imports')).body) ?? '';
  const { payload, contentType } = multipartBody({ _csrf: token, ...extra }, file);
  return t.app.inject({
    method: 'POST',
    url: '/pro/imports',
    headers: { cookie: pro.browser.cookie, 'content-type': contentType },
    payload,
  });
}
const reportOf = (pro: SignedUp, lines: FakeLine[] | 'refuse') =>
  importPoliris(
    t.db,
    { agencyId: pro.agencyId, env: 'test' },
    fakeUpload(lines),
    { origin: 'sftp', fileName: null, force: false },
    () => new Date(),
    fakeParts,
  );

test(`[${databaseKind}] « Importer un fichier »: the form without script, in the navigation, and the last reports`, async () => {
  const pro = await signUpAgency(t);
  const empty = await pro.browser.get('/pro/imports');
  assert.equal(empty.statusCode, 200);
  assert.match(empty.body, /<form method="post" action="\/pro\/imports" enctype="multipart\/form-data">/);
  assert.match(empty.body, /<a href="\/pro\/imports" aria-current="page"><span>Importer un fichier<\/span><\/a>/);
  assert.match(empty.body, /bac à sable/, 'an agency not yet verified imports into the sandbox');
  assert.match(empty.body, /Aucun import pour l’instant/);

  const done = await reportOf(pro, [{ id: 'A-1' }, { id: 'A-2', bad: true, ref: 'RÉF-2' }]);
  assert.ok(done.ok);
  await reportOf(pro, 'refuse');
  const listed = (await pro.browser.get('/pro/imports')).body;
  assert.match(listed, /1 créées, 0 modifiées, 0 inchangées, 0 retirées, 1 en erreur/);
  assert.match(listed, /Fichier refusé : Ce fichier n’est pas une archive ZIP\./);
  assert.match(listed, /dépôt SFTP/);

  const report = await pro.browser.get(`/pro/imports/${done.value.importId}`);
  assert.equal(report.statusCode, 200);
  assert.match(report.body, /<td data-label="Référence">RÉF-2<\/td>/);
  assert.match(report.body, /Prix \(rang 11\)/);
  assert.match(report.body, /Prix illisible/);

  const other = await signUpAgency(t);
  assert.equal((await other.browser.get(`/pro/imports/${done.value.importId}`)).statusCode, 404, 'another agency never sees it');
  assert.doesNotMatch((await other.browser.get('/pro/imports')).body, /créées/);
  assert.equal((await pro.browser.get('/pro/imports/imp_unknown0')).statusCode, 404);
});

test(`[${databaseKind}] the upload is refused without the session's token, without a file, or over the size limit`, async () => {
  const pro = await signUpAgency(t);
  const forged = await send(pro, { name: 'a.csv', bytes: annoncesCsv(specs(1, 'F')) }, {}, 'not-the-token');
  assert.equal(forged.statusCode, 403);
  const none = await send(pro, null);
  assert.equal(none.statusCode, 400);
  assert.match(none.body, /aucun fichier n’a été reçu/);
  const huge = await send(pro, { name: 'gros.csv', bytes: Buffer.alloc(POLIRIS_UPLOAD_LIMIT + 10, 0x41) });
  assert.equal(huge.statusCode, 413);
  assert.match(huge.body, /envoyez l’archive ZIP/);
  const signedOut = await t.app.inject({ method: 'GET', url: '/pro/imports' });
  assert.equal(signedOut.statusCode, 303);
});

test(`[${databaseKind}] a file sent from the page is imported and its report shown; over the cap the page says why`, async () => {
  const pro = await signUpAgency(t);
  const sent = await send(pro, { name: 'Annonces.csv', bytes: annoncesCsv(specs(5, 'W')) });
  assert.equal(sent.statusCode, 303);
  const report = await pro.browser.get(sent.headers.location as string);
  assert.match(report.body, /Annonces\.csv/);
  assert.match(report.body, /<dt>Créées<\/dt>\s*<dd>5<\/dd>/);
  const refused = await send(pro, { name: 'Annonces.csv', bytes: annoncesCsv(specs(2, 'W')) });
  assert.equal(refused.statusCode, 409);
  assert.match(refused.body, /retirerait 3 des 5 annonces/);
  const forced = await send(pro, { name: 'Annonces.csv', bytes: annoncesCsv(specs(2, 'W')) }, { force: 'true' });
  assert.equal(forced.statusCode, 303);
});
