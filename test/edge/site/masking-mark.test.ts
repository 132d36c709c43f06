import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { catchUpRelay, relayFeed } from '../../helpers/relay.js';
import { text } from '../../helpers/page-text.js';
import { uniqueAddress } from '../../helpers/addresses.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';
import { v1Body } from '../../helpers/v1.js';
import { readMigrations, splitStatements } from '../../../src/platform/db/migrate.js';
import { MASK_TEXT } from '../../../src/domain/masking/mask.js';

/**
 * The mark masking leaves (docs/decisions.md §8): short, one for the details a sentence links,
 * the same on the page, in the relay feed and in mails; the listing page explains it once, and
 * only when it shows one.
 */
const RELAY_TOKEN = 'relay-token-mark-0123456789abcdef';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });

const MARK = '[coordonnées masquées]';
const SENTENCE = 'appelez le 06 12 34 56 78 ou écrivez à jean@exemple.fr';
/** The explanation's words, whatever its markup. */
const EXPLAINED = /remplace les coordonnées écrites dans l’annonce/g;

/** The long mark texts were masked with before migration 230. */
const OLD_MARK = "[coordonnées masquées – contactez l'agence via la messagerie du site]";

const descriptionOf = (html: string) => text(/<p class="description">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');

/** The listing as the relay feed holds it now. */
async function relayed(serviceId: string): Promise<{ listing: { title: string; description: string } } | undefined> {
  await catchUpRelay(t, agency);
  let found;
  for (let after = 0; ;) {
    const response = await relayFeed(t, `?afterSeq=${after}&limit=500`, RELAY_TOKEN);
    assert.equal(response.statusCode, 200, response.body);
    const feedPage: {
      listings: Array<{ serviceId: string; listing: { title: string; description: string } }>;
      nextAfterSeq: number | null;
    } = response.json();
    found = feedPage.listings.findLast((entry) => entry.serviceId === serviceId) ?? found;
    if (feedPage.nextAfterSeq === null) return found;
    after = feedPage.nextAfterSeq;
  }
}

/** The text and HTML of the one mail written to `to`. */
async function mailTo(to: string): Promise<string> {
  const { rows } = await t.db.query<{ text_body: string; html_body: string }>(
    'SELECT text_body, html_body FROM mails WHERE to_address = $1',
    [to],
  );
  assert.equal(rows.length, 1, `one mail to ${to}`);
  return `${rows[0]!.text_body}\n${rows[0]!.html_body}`;
}

/** A visitor's contact, and the acknowledgement mailed back. */
async function acknowledgement(serviceId: string): Promise<string> {
  const visitor = uniqueVisitorEmail();
  const sent = await contact(t, serviceId, { name: 'Camille', email: visitor, message: 'Bonjour, est-il disponible ?' }, uniqueAddress());
  assert.ok([200, 303].includes(sent.statusCode), sent.body);
  return mailTo(visitor);
}

test(`[${databaseKind}] a sentence with a phone number and an e-mail address shows one short mark, and its page explains the mark once`, async () => {
  const serviceId = await publicListing(t, agency.live, 'MARK-PAGE', {
    description: `Appartement lumineux. Pour visiter, ${SENTENCE}. Ou le soir : 07 81 23 45 67.`,
  });
  const shown = await page(t, `/listings/${serviceId}`);
  assert.equal(shown.statusCode, 200);
  assert.equal(descriptionOf(shown.body), `Appartement lumineux. Pour visiter, appelez le ${MARK}. Ou le soir : ${MARK}.`);
  const explanations = text(shown.body).match(EXPLAINED) ?? [];
  assert.equal(explanations.length, 1, 'the explanation once, however many marks');
  assert.match(
    text(shown.body),
    /remplace les coordonnées écrites dans l’annonce \(téléphone, e-mail, site web\), que ce site ne publie pas/,
  );
  assert.match(shown.body, /Pour joindre l’agence, utilisez le <a href="#contact">formulaire de contact<\/a>/);
  assert.ok(!shown.body.includes('messagerie du site'), 'not the long mark of old');
  assert.ok(!/06 12 34 56 78|jean@exemple\.fr|07 81 23 45 67/.test(shown.body), 'no contact detail');
});

test(`[${databaseKind}] a listing whose texts hold no masked detail shows no explanation; one with a mark in its features does`, async () => {
  const clean = await publicListing(t, agency.live, 'MARK-CLEAN', {
    description: 'Appartement lumineux, parquet, cave. Prix : 350 000 €.',
  });
  const cleanPage = (await page(t, `/listings/${clean}`)).body;
  assert.ok(!cleanPage.includes(MARK));
  assert.equal((text(cleanPage).match(EXPLAINED) ?? []).length, 0);

  const featured = await publicListing(t, agency.live, 'MARK-FEATURE', {
    description: 'Appartement lumineux, parquet, cave.',
    features: ['balcon', 'gardien joignable au 06 12 34 56 78'],
  });
  const featuredPage = (await page(t, `/listings/${featured}`)).body;
  assert.ok(featuredPage.includes(`gardien joignable au ${MARK}`));
  assert.equal((text(featuredPage).match(EXPLAINED) ?? []).length, 1);
});

test(`[${databaseKind}] the relay feed and the visitor's mail carry the same short mark as the page`, async () => {
  const serviceId = await publicListing(t, agency.live, 'MARK-RELAY', {
    title: `T3 lumineux, ${SENTENCE}`,
    description: `Pour visiter, ${SENTENCE}.`,
    shareWithRelay: true,
  });
  const item = await relayed(serviceId);
  assert.ok(item, 'the listing is in the feed');
  assert.equal(item.listing.title, `T3 lumineux, appelez le ${MARK}`);
  assert.equal(item.listing.description, `Pour visiter, appelez le ${MARK}.`);

  const mail = await acknowledgement(serviceId);
  assert.ok(mail.includes(`T3 lumineux, appelez le ${MARK}`), mail);
  assert.ok(!/messagerie du site|06 12 34 56 78|jean@exemple/.test(mail));
});

test(`[${databaseKind}] migration 230 gives texts stored with the long mark of old the short one, on the page, in the relay feed and in mails`, async () => {
  const migration = readMigrations().find((m) => m.version === 230);
  assert.ok(migration, 'the migration exists');
  assert.ok(migration.sql.includes(`'${MASK_TEXT}'`), 'it writes the mark masking writes now');
  const serviceId = await publicListing(t, agency.live, 'MARK-OLD', {
    title: 'T2, appelez le 06 12 34 56 78',
    description: 'Pour visiter : 06 12 34 56 78. Dossier : jean@exemple.fr.',
    shareWithRelay: true,
  });
  // As masking wrote it before: the long mark, one per detail.
  const before = { title: `T2, appelez le ${OLD_MARK}`, description: `Pour visiter : ${OLD_MARK}. Dossier : ${OLD_MARK}.` };
  await t.db.query(
    `UPDATE listings SET public_title = $2, public_description = $3, published_title = $2, published_description = $3 WHERE id = $1`,
    [serviceId, before.title, before.description],
  );
  assert.ok((await page(t, `/listings/${serviceId}`)).body.includes('messagerie du site'), 'the long mark shows until the migration');

  for (const statement of splitStatements(migration.sql)) await t.db.query(statement);
  const after = { title: `T2, appelez le ${MARK}`, description: `Pour visiter : ${MARK}. Dossier : ${MARK}.` };
  const { rows } = await t.db.query(
    'SELECT public_title, public_description, published_title, published_description FROM listings WHERE id = $1',
    [serviceId],
  );
  assert.deepEqual(rows[0], {
    public_title: after.title,
    public_description: after.description,
    published_title: after.title,
    published_description: after.description,
  });
  // A new address: this process's page cache holds the page read above, as a process started after a migration never would.
  const shown = (await page(t, `/listings/${serviceId}?after-migration`)).body;
  assert.equal(descriptionOf(shown), after.description);
  assert.equal((text(shown).match(EXPLAINED) ?? []).length, 1);
  assert.ok(!shown.includes('messagerie du site'));
  const item = await relayed(serviceId);
  assert.deepEqual({ title: item?.listing.title, description: item?.listing.description }, after);
  const mail = await acknowledgement(serviceId);
  assert.ok(mail.includes(after.title) && !mail.includes('messagerie du site'), mail);
});

test(`[${databaseKind}] the agency's remark names every kind of detail one mark holds`, async () => {
  const created = await t.call('POST', '/v1/listings', agency.live, v1Body('MARK-REMARK', { description: `Pour visiter, ${SENTENCE}.` }));
  assert.ok([200, 201].includes(created.statusCode), created.body);
  const remarks: Array<{ code: string; field: string; message: string; messageFr: string }> = created.json().warnings;
  const remark = remarks.find((warning) => warning.code === 'contact_details_masked' && warning.field === 'description');
  assert.ok(remark, created.body);
  assert.match(remark.message, /\(phone number, e-mail address\)/);
  assert.match(remark.messageFr, /\(téléphone, e-mail\)/);
});
