import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { contact, page, publicListing } from '../../helpers/site.js';
import { catchUpRelay, relayFeed } from '../../helpers/relay.js';
import { text } from '../../helpers/page-text.js';
import { uniqueAddress } from '../../helpers/addresses.js';
import { uniqueVisitorEmail } from '../../helpers/conversations.js';

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

const descriptionOf = (html: string) => text(/<p class="description">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '');

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
  await catchUpRelay(t, agency);
  let item: { listing: { title: string; description: string } } | undefined;
  for (let after = 0; item === undefined;) {
    const response = await relayFeed(t, `?afterSeq=${after}&limit=500`, RELAY_TOKEN);
    assert.equal(response.statusCode, 200, response.body);
    const feedPage: { listings: Array<{ seq: number; serviceId: string; listing: never }>; nextAfterSeq: number | null } = response.json();
    item = feedPage.listings.findLast((entry) => entry.serviceId === serviceId);
    if (feedPage.nextAfterSeq === null) break;
    after = feedPage.nextAfterSeq;
  }
  assert.ok(item, 'the listing is in the feed');
  assert.equal(item.listing.title, `T3 lumineux, appelez le ${MARK}`);
  assert.equal(item.listing.description, `Pour visiter, appelez le ${MARK}.`);

  const visitor = uniqueVisitorEmail();
  const sent = await contact(t, serviceId, { name: 'Camille', email: visitor, message: 'Bonjour, est-il disponible ?' }, uniqueAddress());
  assert.ok([200, 303].includes(sent.statusCode), sent.body);
  const { rows } = await t.db.query<{ text_body: string; html_body: string }>(
    'SELECT text_body, html_body FROM mails WHERE to_address = $1',
    [visitor],
  );
  assert.equal(rows.length, 1, 'the acknowledgement');
  assert.ok(rows[0]!.text_body.includes(`T3 lumineux, appelez le ${MARK}`), rows[0]!.text_body);
  assert.ok(rows[0]!.html_body.includes(`T3 lumineux, appelez le ${MARK}`));
  assert.ok(!/messagerie du site|06 12 34 56 78|jean@exemple/.test(rows[0]!.text_body + rows[0]!.html_body));
});
