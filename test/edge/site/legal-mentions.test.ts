import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem, postcodeFor } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';
import { signUpAgency } from '../../helpers/pro.js';
import { contact, page as sitePage } from '../../helpers/site.js';
import { addProUser } from '../../helpers/smtp.js';
import { latestPrivatePath, uniqueVisitorEmail } from '../../helpers/conversations.js';
import { LEGAL_FIELD_NAMES } from '../../../src/domain/listing-model/legal-fields.js';

/** Issue 21: the legal-mention fields on both interfaces, their checks, and stored listings left alone. */
const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

const saleMentions = {
  dpeValue: 212,
  gesValue: 38,
  energyCostMin: 1180,
  energyCostMax: 1640,
  energyCostReferenceYear: 2023,
  dpeDate: '2024-03-15',
  feesPercent: 4.5,
  georisques: true,
};
const rentalMentions = {
  dpeValue: 180,
  gesValue: 20,
  energyCostMin: 600,
  energyCostMax: 900,
  energyCostReferenceYear: 2024,
  furnished: true,
  deposit: 1900,
  tenantFees: 700,
  tenantInventoryFees: 135,
  rentControlled: true,
  referenceRent: 28.4,
  rentSupplement: 50,
};
const annuityMentions = { occupied: true, lumpSum: 80000, annuity: 950, marketValue: 320000 };

test(`[${databaseKind}] every new field round-trips through both interfaces, and a push with them reads the same on v1`, async () => {
  const rental = { transaction: 'LOCATION', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1, dpe: 'C' };
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [
      ingestItem('LM-SALE', saleMentions),
      ingestItem('LM-RENT', { ...rental, ...rentalMentions }),
      ingestItem('LM-VIAGER', { transaction: 'VIAGER', ...annuityMentions }),
    ],
  });
  assert.equal(pushed.statusCode, 200, pushed.body);
  assert.deepEqual(pushed.json().errors, []);
  const expected: Record<string, Record<string, unknown>> = {
    'LM-SALE': saleMentions,
    'LM-RENT': rentalMentions,
    'LM-VIAGER': annuityMentions,
  };
  const readsBackOnBothInterfaces = async (externalId: string, mentions: Record<string, unknown>) => {
    const ingestRead = (await t.call('GET', `/ingest/listingByExternalId?externalId=${externalId}`, agency.live)).json();
    const v1Read = (await t.call('GET', `/v1/listings/by-external/${externalId}`, agency.live)).json();
    for (const name of LEGAL_FIELD_NAMES) {
      assert.equal(ingestRead[name], mentions[name] ?? null, `${externalId} ingestion ${name}`);
      assert.equal(v1Read[name], mentions[name] ?? null, `${externalId} v1 ${name}`);
    }
  };
  for (const [externalId, mentions] of Object.entries(expected)) await readsBackOnBothInterfaces(externalId, mentions);
  // v1 writes every one of them too, read back the same on both interfaces.
  const v1Rental = await t.call(
    'POST',
    '/v1/listings',
    agency.live,
    v1Body('LM-V1-RENT', { type: 'rental', price: 950, charges: 80, fees: null, ...rentalMentions }),
  );
  assert.equal(v1Rental.statusCode, 201, v1Rental.body);
  await readsBackOnBothInterfaces('LM-V1-RENT', rentalMentions);
  const v1Viager = await t.call(
    'POST',
    '/v1/listings',
    agency.live,
    v1Body('LM-V1-VIAGER', { type: 'life_annuity_sale', ...annuityMentions }),
  );
  assert.equal(v1Viager.statusCode, 201, v1Viager.body);
  await readsBackOnBothInterfaces('LM-V1-VIAGER', annuityMentions);
  // A PUT with null clears one.
  const created = await t.call('POST', '/v1/listings', agency.live, v1Body('LM-V1', saleMentions));
  assert.equal(created.statusCode, 201, created.body);
  await readsBackOnBothInterfaces('LM-V1', saleMentions);
  const serviceId = created.json().serviceId;
  assert.equal((await t.call('GET', `/v1/listings/${serviceId}`, agency.live)).json().energyCostMax, 1640);
  const cleared = await t.call('PUT', `/v1/listings/${serviceId}`, agency.live, { georisques: null, energyCostMax: 1700 });
  assert.equal(cleared.statusCode, 200, cleared.body);
  assert.equal(cleared.json().georisques, null);
  assert.equal(cleared.json().energyCostMax, 1700);
  assert.equal(cleared.json().dpeValue, 212, 'a partial update keeps the others');
});

test(`[${databaseKind}] listings stored before the fields existed keep their version and hash, and a re-push is unchanged`, async () => {
  const first = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('LM-OLD')] });
  assert.equal(first.json().created, 1);
  // A row as the previous model wrote it: none of the new keys in its content.
  const { rows: before } = await t.db.query<{ version: number; content_hash: string; content: Record<string, unknown> }>(
    'SELECT version, content_hash, content FROM listings WHERE agency_id = $1 AND external_id = $2',
    [agency.agencyId, 'LM-OLD'],
  );
  for (const name of LEGAL_FIELD_NAMES) assert.ok(!(name in before[0]!.content), `${name} is not written when absent`);
  const again = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('LM-OLD')] });
  assert.equal(again.json().unchanged, 1);
  const withNulls = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('LM-OLD', { dpeValue: null, georisques: null })],
  });
  assert.equal(withNulls.json().unchanged, 1, 'null is the same as absent');
  const { rows: after } = await t.db.query<{ version: number; content_hash: string }>(
    'SELECT version, content_hash FROM listings WHERE agency_id = $1 AND external_id = $2',
    [agency.agencyId, 'LM-OLD'],
  );
  assert.deepEqual(after[0], { version: before[0]!.version, content_hash: before[0]!.content_hash });
  const changed = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('LM-OLD', { dpeValue: 230 })] });
  assert.equal(changed.json().updated, 1, 'a value is a change');
});

test(`[${databaseKind}] bad legal mentions: 400 or 422 with the field and the rule, per item in a push, nothing written`, async () => {
  const year = new Date().getUTCFullYear();
  const cases: Array<[Record<string, unknown>, string, RegExp, 'validation_error' | 'business_error']> = [
    [{ energyCostMin: -5 }, 'energyCostMin', /at least 0/, 'validation_error'],
    [
      { energyCostMin: 2000, energyCostMax: 1500, energyCostReferenceYear: 2023 },
      'energyCostMax',
      /must not be below energyCostMin/,
      'business_error',
    ],
    [{ energyCostReferenceYear: year + 1 }, 'energyCostReferenceYear', /future/, 'business_error'],
    [{ energyCostReferenceYear: 2019 }, 'energyCostReferenceYear', /at least 2021/, 'validation_error'],
    [{ deposit: 1000 }, 'deposit', /belongs to a rental/, 'business_error'],
    [{ feesPercent: 120 }, 'feesPercent', /at most 100/, 'validation_error'],
    [{ dpeDate: '2024-02-30' }, 'dpeDate', /YYYY-MM-DD/, 'validation_error'],
    [{ lumpSum: 1000 }, 'lumpSum', /life-annuity/, 'business_error'],
    [{ furnished: 'oui' }, 'furnished', /true or false/, 'validation_error'],
  ];
  const pushed = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: cases.map(([fields], i) => ingestItem(`LM-BAD-${i}`, fields)),
  });
  assert.equal(pushed.statusCode, 200);
  const errors: Array<{ index: number; reason: string; details: Array<{ field: string; message: string }> }> = pushed.json().errors;
  assert.equal(errors.length, cases.length);
  cases.forEach(([, field, rule], i) => {
    const error = errors.find((e) => e.index === i)!;
    assert.ok(
      error.details.some((d) => d.field === field && rule.test(d.message)),
      `${field}: ${JSON.stringify(error.details)}`,
    );
  });
  for (const [fields, field, rule, code] of cases) {
    const response = await t.call('POST', '/v1/listings', agency.live, v1Body(`LM-V1-BAD-${field}`, fields));
    assert.equal(response.json().code, code, `${field}: ${response.body}`);
    assert.equal(response.statusCode, code === 'validation_error' ? 400 : 422);
    const named = response
      .json()
      .errors.some(
        (e: { field: string; message: string }) =>
          e.field.replace(/^\//, '') === field && (code === 'validation_error' || rule.test(e.message)),
      );
    assert.ok(named, `${field}: ${response.body}`);
  }
  const { rows } = await t.db.query('SELECT 1 FROM listings WHERE agency_id = $1 AND external_id LIKE $2', [agency.agencyId, 'LM-%BAD%']);
  assert.equal(rows.length, 0);
});

test(`[${databaseKind}] compliance warnings come back in push results, v1 write answers and reads, and never hold a listing back`, async () => {
  const rental = { transaction: 'LOCATION', price: 950, charges: 80, surface: 45, rooms: 2, bedrooms: 1, dpe: 'C' };
  const pushed = (await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('LM-WARN', rental)] })).json();
  const codes = (list: Array<{ code: string }>) => list.map((w) => w.code);
  // A push answers the codes (500 listings' answer stays small); a read gives the messages.
  assert.deepEqual(pushed.results[0].compliance, ['energy_classes_missing', 'energy_cost_missing', 'rental_terms_missing']);
  assert.equal(pushed.results[0].moderation.state, 'approved', 'warnings never block publication');
  const read = (await t.call('GET', '/ingest/listingByExternalId?externalId=LM-WARN', agency.live)).json();
  assert.deepEqual(codes(read.compliance), pushed.results[0].compliance);
  assert.match(read.compliance[2].messageFr, /dépôt de garantie/);

  const created = (await t.call('POST', '/v1/listings', agency.live, v1Body('LM-WARN-V1', { georisques: true }))).json();
  assert.ok(codes(created.compliance).includes('georisques_mention'), JSON.stringify(created.compliance));
  const batch = (
    await t.call('POST', '/v1/listings/batch', agency.live, { listings: [v1Body('LM-WARN-B', { dpe: null, ges: null })] })
  ).json();
  assert.ok(batch.results[0].compliance.includes('energy_classes_missing'));
  const complete = (
    await t.call('PUT', `/v1/listings/${created.serviceId}`, agency.live, { description: 'Risques : voir www.georisques.gouv.fr' })
  ).json();
  assert.ok(!codes(complete.compliance).includes('georisques_mention'), 'the mention in the text satisfies the rule');
});

test(`[${databaseKind}] the public page shows each mention in the law's words when given, and nothing invented when not`, async () => {
  // French formats: a narrow no-break space between thousands, a no-break space before units.
  const nbsp = '\u00a0';
  const th = '\u202f';
  const page = async (serviceId: string) =>
    (await t.app.inject({ method: 'GET', url: `/listings/${serviceId}`, headers: { accept: 'text/html' } })).body.replaceAll('&#39;', "'");
  const publish = async (externalId: string, fields: Record<string, unknown>) => {
    const created = await t.call('POST', '/v1/listings', agency.live, v1Body(externalId, fields));
    assert.equal(created.json().status, 'active', created.body);
    return created.json().serviceId as string;
  };
  const sale = await publish('LM-PAGE-SALE', {
    ...saleMentions,
    dpe: 'F',
    ges: 'E',
    price: 313_500,
    fees: { agencyFees: null, feesPaidBy: 'buyer', feeIncluded: true },
  });
  const html = await page(sale);
  assert.ok(
    html.includes(
      `Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre 1${th}180${nbsp}€ et 1${th}640${nbsp}€ par an. Prix moyens des énergies indexés au 1er janvier 2023`,
    ),
    `the energy-cost sentence, word for word: ${/Montant estimé[^<]*/.exec(html)?.[0] ?? html.slice(0, 300)}`,
  );
  assert.ok(html.includes(`Consommation énergétique : 212 kWh/m²/an`));
  assert.ok(html.includes(`Émissions de gaz à effet de serre : 38 kg CO₂/m²/an`));
  assert.ok(html.includes('Logement à consommation énergétique excessive'));
  assert.ok(html.includes(`313${th}500${nbsp}€ honoraires inclus`), 'price with fees');
  assert.ok(html.includes(`Prix hors honoraires : 300${th}000${nbsp}€`), 'the price without fees, worked out from feesPercent');
  assert.ok(html.includes(`dont 4,5${nbsp}% TTC d’honoraires à la charge de l’acquéreur`));

  // One wording of the price everywhere the public reads it: the results' card, the
  // acknowledgement mail and the visitor's conversation page say what the page says.
  const headline = `313${th}500${nbsp}€ honoraires inclus`;
  const results = (await sitePage(t, `/listings?postcode=${postcodeFor('LM-PAGE-SALE')}&transaction=sale&sort=newest`)).body;
  const card = results.split('<li class="card">').find((item) => item.includes(`/listings/${sale}"`)) ?? '';
  assert.ok(card.includes(headline), `the card's price: ${/<p class="price">[^<]*/.exec(card)?.[0] ?? results.slice(0, 300)}`);
  await addProUser(t.db, agency.agencyId, uniqueVisitorEmail('agent'));
  const email = uniqueVisitorEmail('prix');
  const sent = await contact(t, sale, { name: 'Camille', email, message: 'Bonjour, le prix est-il ferme ?' }, '198.51.100.77');
  assert.equal(sent.statusCode, 200, sent.body.slice(0, 300));
  const { rows: mails } = await t.db.query<{ to_address: string; text_body: string; html_body: string }>(
    `SELECT to_address, text_body, html_body FROM mails WHERE text_body LIKE '%LM-PAGE-SALE%' AND created_at > now() - interval '1 minute'`,
  );
  const acknowledgement = mails.find((mail) => mail.to_address === email);
  assert.ok(acknowledgement?.html_body.includes(headline), 'the acknowledgement');
  const notices = mails.filter((mail) => mail.to_address !== email);
  assert.ok(notices.length > 0, 'the agency is told');
  for (const notice of notices) assert.ok(notice.text_body.includes(`Prix : ${headline}`), notice.text_body);
  const conversation = (await t.app.inject({ method: 'GET', url: await latestPrivatePath(t.db, email), headers: { accept: 'text/html' } }))
    .body;
  assert.ok(conversation.includes(headline), 'the conversation page');
  assert.ok(
    html.includes(
      'Les informations sur les risques auxquels ce bien est exposé sont disponibles sur le site Géorisques : <a href="https://www.georisques.gouv.fr">www.georisques.gouv.fr</a>',
    ),
  );

  const rental = await publish('LM-PAGE-RENT', {
    type: 'rental',
    price: 1250,
    charges: 90,
    surface: 40,
    rooms: 2,
    bedrooms: 1,
    fees: null,
    dpe: 'C',
    ges: 'B',
    ...rentalMentions,
  });
  const rentalHtml = await page(rental);
  for (const line of [
    'Location meublée',
    `Dépôt de garantie : 1${th}900${nbsp}€`,
    `Honoraires à la charge du locataire : 700${nbsp}€ TTC, dont 135${nbsp}€ TTC pour l’état des lieux d’entrée`,
    'Logement situé dans une zone soumise à l’encadrement des loyers',
    `Loyer de référence majoré : 28,40${nbsp}€/m²/mois`,
    `Complément de loyer : 50${nbsp}€ par mois`,
  ]) {
    assert.ok(rentalHtml.includes(line), line);
  }
  assert.equal(rentalHtml.split('Honoraires à la charge du locataire').length - 1, 1, 'the tenant fees are said once');
  assert.ok(!rentalHtml.includes('Honoraires locataire : renseignez-vous'), 'no "ask the agency" beside fees the page states');
  // The law's order: energy figures, cost sentence, excessive-consumption mention, rental, rent control, Géorisques.
  const ordered = await page(
    await publish('LM-PAGE-ORDER', {
      type: 'rental',
      price: 700,
      charges: 40,
      surface: 30,
      rooms: 1,
      bedrooms: 1,
      fees: null,
      dpe: 'F',
      ges: 'E',
      ...rentalMentions,
      georisques: true,
    }),
  );
  const positions = [
    'Consommation énergétique :',
    'Montant estimé des dépenses annuelles',
    'Logement à consommation énergétique excessive',
    'Location meublée',
    'Logement situé dans une zone soumise',
    'Les informations sur les risques',
  ].map((text) => ({ text, at: ordered.indexOf(text) }));
  for (const { text, at } of positions) assert.ok(at > 0, `on the page: ${text}`);
  for (let i = 1; i < positions.length; i++)
    assert.ok(positions[i - 1]!.at < positions[i]!.at, `${positions[i - 1]!.text} before ${positions[i]!.text}`);
  const unfurnished = await page(
    await publish('LM-PAGE-RENT-PLAIN', {
      type: 'rental',
      price: 800,
      charges: 50,
      surface: 38,
      rooms: 2,
      bedrooms: 1,
      fees: null,
      dpe: 'D',
      ges: 'C',
      furnished: false,
      rentControlled: false,
    }),
  );
  assert.ok(unfurnished.includes('Location non meublée'));
  for (const absent of ['encadrement des loyers', 'Loyer de référence', 'Dépôt de garantie', 'Honoraires à la charge du locataire']) {
    assert.ok(!unfurnished.includes(absent), `nothing invented: ${absent}`);
  }
  const viager = await publish('LM-PAGE-VIAGER', { type: 'life_annuity_sale', ...annuityMentions });
  const viagerHtml = await page(viager);
  for (const line of [
    'Viager occupé',
    `Bouquet : 80${th}000${nbsp}€`,
    `Rente : 950${nbsp}€ par mois`,
    `Valeur vénale : 320${th}000${nbsp}€`,
  ])
    assert.ok(viagerHtml.includes(line), line);
  const freeViager = await page(await publish('LM-PAGE-VIAGER-FREE', { type: 'life_annuity_sale', occupied: false }));
  assert.ok(freeViager.includes('Viager libre'));
  for (const absent of ['Bouquet', 'Rente :', 'Valeur vénale']) assert.ok(!freeViager.includes(absent), `nothing invented: ${absent}`);

  const bare = await page(await publish('LM-PAGE-BARE', {}));
  for (const absent of [
    'Montant estimé des dépenses',
    'kWh/m²/an',
    'Géorisques',
    'Informations légales',
    'Dépôt de garantie',
    'Viager',
    'Logement à consommation énergétique excessive',
  ]) {
    assert.ok(!bare.includes(absent), `nothing invented: ${absent}`);
  }
});

test(`[${databaseKind}] the agency's pro listing page lists the missing mentions in French`, async () => {
  const agency2 = await signUpAgency(t);
  await t.admin('POST', `/agencies/${agency2.agencyId}/verify`);
  const key = (await t.admin('POST', `/agencies/${agency2.agencyId}/keys`, { env: 'live' })).json().key;
  const created = await t.call(
    'POST',
    '/v1/listings',
    key,
    v1Body('LM-PRO', { type: 'rental', price: 900, charges: 60, surface: 40, rooms: 2, bedrooms: 1, fees: null, dpe: 'D', ges: 'D' }),
  );
  const html = (await agency2.browser.get(`/pro/listings/${created.json().serviceId}`)).body;
  assert.match(html, /Mentions légales à compléter/);
  assert.match(html, /dépôt de garantie/);
  assert.match(html, /ne bloquent pas la publication/);
});
