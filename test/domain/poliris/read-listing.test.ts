import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPolirisLine, rankOfModelField, type MappedLine } from '../../../src/domain/poliris/read-listing.js';
import { PRIVATE_RANKS, RANK } from '../../../src/domain/poliris/ranks.js';
import { AGENCY_FILE, BAD_LINES, photoUrls, polirisLine, type PolirisLineValues } from '../../fixtures/poliris/agency-file.js';

const BASE: PolirisLineValues = {
  reference: 'VA-12',
  technicalId: 'T-12',
  transaction: 'Vente',
  propertyType: 'Appartement',
  postcode: '13007',
  city: 'Marseille',
  price: '250000',
  surface: '60',
  rooms: '3',
  title: 'T3 lumineux',
};

const read = (values: PolirisLineValues, line = 7) => readPolirisLine({ line, fields: polirisLine({ ...BASE, ...values }) });

function accepted(mapped: MappedLine) {
  assert.ok(mapped.ok, `refused: ${mapped.ok ? '' : JSON.stringify(mapped.errors)}`);
  return mapped;
}

function refusedAt(mapped: MappedLine, rank: number, code: string) {
  assert.equal(mapped.ok, false, 'the line is refused');
  const errors = mapped.ok ? [] : mapped.errors;
  const error = errors.find((e) => e.rank === rank);
  assert.ok(error, `an error at rank ${rank}: ${JSON.stringify(errors)}`);
  assert.equal(error.code, code);
  assert.match(error.message, new RegExp(`rang ${rank}`));
  return error;
}

test('the agency file reads field by field into the listings it describes, active', () => {
  for (const [i, listing] of AGENCY_FILE.entries()) {
    const mapped = accepted(readPolirisLine({ line: i + 1, fields: listing.line }));
    assert.equal(mapped.externalId, listing.externalId);
    assert.equal(mapped.draft.externalId, listing.externalId);
    assert.equal(mapped.draft.status, 'active');
    assert.equal(mapped.reference, listing.expected.reference);
    assert.deepEqual(mapped.warnings, [], `${listing.externalId} reads without a warning`);
    for (const [field, value] of Object.entries(listing.expected))
      assert.deepEqual(mapped.draft.content[field as keyof typeof mapped.draft.content], value, `${listing.externalId}: ${field}`);
  }
});

test('contact, mandate and owner ranks reach nothing the service keeps', () => {
  for (const listing of AGENCY_FILE) {
    const mapped = accepted(readPolirisLine({ line: 1, fields: listing.line }));
    const kept = JSON.stringify(mapped);
    for (const rank of PRIVATE_RANKS) {
      const value = listing.line[rank - 1]!;
      if (value !== '') assert.ok(!kept.includes(value), `rank ${rank} (${value}) is not kept`);
    }
  }
});

test('each bad value refuses its line with the rank, the French name and the reason', () => {
  for (const { fault, line, rank, code } of BAD_LINES) {
    const mapped = readPolirisLine({ line: 3, fields: line });
    const error = refusedAt(mapped, rank, code);
    assert.equal(error.line, 3, fault);
    assert.ok(error.field && error.field.length > 0, fault);
  }
  const noId = readPolirisLine({ line: 3, fields: BAD_LINES.find((b) => b.rank === RANK.technicalId)!.line });
  assert.equal(noId.externalId, null);
  assert.equal(noId.reference, 'VA-1001', 'the reference is echoed to find the line');
});

test('French numbers: plain, decimal comma or point, grouped by spaces; cents refuse a price', () => {
  for (const price of ['250000', '250000,00', '250000.00', '250 000', '250\u00a0000', '250\u202f000', ' 250000 '])
    assert.equal(accepted(read({ price })).draft.content.price, 250000, price);
  for (const price of ['NC', '250 k€', '25 00 00', '250.000.000', '2,5e5']) refusedAt(read({ price }), RANK.price, 'invalid_value');
  refusedAt(read({ price: '250000,50' }), RANK.price, 'not_whole_euros');
  refusedAt(read({ price: '0' }), RANK.price, 'out_of_range');
  assert.equal(accepted(read({ surface: '59,6' })).draft.content.surface, 60, 'a surface is rounded to the square metre');
  refusedAt(read({ rooms: '2,5' }), RANK.rooms, 'not_whole_number');
});

test('dates JJ/MM/AAAA that exist; 00/00/0000 is none', () => {
  assert.equal(accepted(read({ dpeDate: '29/02/2024' })).draft.content.dpeDate, '2024-02-29');
  assert.equal(accepted(read({ dpeDate: '00/00/0000' })).draft.content.dpeDate, undefined);
  for (const dpeDate of ['31/02/2025', '2024-02-03', '3/2/2024']) refusedAt(read({ dpeDate }), RANK.dpeDate, 'invalid_value');
  refusedAt(read({ dpeDate: '01/01/2999' }), RANK.dpeDate, 'business_rule');
});

test('rank 3 and 4 codes whatever their case, accents and spacing; other codes refuse the line', () => {
  const kinds: Array<[string, string, string, string]> = [
    ['VENTE DE PRESTIGE', 'maison / villa', 'sale', 'house'],
    ['vente-de-prestige', 'MAISON AVEC TERRAIN', 'sale', 'house'],
    ['Location', 'Bureaux', 'rental', 'office'],
    ['location', 'local', 'rental', 'commercial'],
    ['Vente', 'parking', 'sale', 'parking'],
    ['Vente', 'Lo/atelier/surface', 'sale', 'loft'],
    ['Vente', 'Terrain', 'sale', 'land'],
  ];
  for (const [transaction, propertyType, model, type] of kinds) {
    const { content } = accepted(read({ transaction, propertyType, rooms: '0' })).draft;
    assert.deepEqual([content.transaction, content.propertyType], [model, type], `${transaction} / ${propertyType}`);
  }
  const shop = refusedAt(read({ transaction: 'Vente-fonds-de-commerce' }), RANK.transaction, 'unknown_transaction_type');
  assert.match(shop.message, /Vente-fonds-de-commerce.*Vente, Vente de prestige, Location, Viager/);
  refusedAt(read({ propertyType: 'Hôtel particulier' }), RANK.propertyType, 'unknown_property_type');
  refusedAt(read({ propertyType: '' }), RANK.propertyType, 'required_field');
  assert.equal(accepted(read({ subType: 'Studio', rooms: '2' })).draft.content.propertyType, 'apartment', 'a studio has one room');
});

test('VI (vierge) and NS (non soumis) are no class and no error; their figures are not read', () => {
  const { content } = accepted(read({ dpeClass: 'VI', dpeValue: '999', gesClass: 'ns', gesValue: '88' })).draft;
  assert.deepEqual([content.dpe, content.ges, content.dpeValue, content.gesValue], [null, null, undefined, undefined]);
});

test('photos go by URL: file names are left out with one warning, the URLs kept in order with their titles', () => {
  const urls = photoUrls('VA-12', 3);
  const mapped = accepted(
    read({ photos: ['salon.jpg', urls[0]!, '', urls[1]!, 'cuisine.JPG', urls[2]!], photoTitles: ['Salon', 'Entrée', '', 'Chambre'] }),
  );
  assert.deepEqual(mapped.draft.content.photos, [
    { url: urls[0], label: 'Entrée', order: 0 },
    { url: urls[1], label: 'Chambre', order: 1 },
    { url: urls[2], label: null, order: 2 },
  ]);
  assert.equal(mapped.warnings.length, 1);
  assert.deepEqual([mapped.warnings[0]!.rank, mapped.warnings[0]!.code], [85, 'photo_file_not_hosted']);
  assert.match(mapped.warnings[0]!.message, /2 photo\(s\).*URL/);
  refusedAt(read({ photos: [`https://x.fr/${'a'.repeat(2100)}.jpg`] }), 85, 'field_too_long');
  refusedAt(read({ photos: [urls[0]!], photoTitles: ['T'.repeat(201)] }), 94, 'field_too_long');
});

test('a line of an earlier revision, shorter, reads as if its missing ranks were empty', () => {
  const { content } = accepted(read({ fieldCount: 307, dpeDate: '01/01/2024' })).draft;
  assert.equal(content.price, 250000);
  assert.equal(content.dpeDate, undefined, 'rank 324 is past the line');
});

test('ranks of another transaction are not read, and said once each', () => {
  const mapped = accepted(read({ deposit: '1500', charges: '80', rentControl: 'NON', lumpSum: '0' }));
  assert.equal(mapped.draft.content.deposit, undefined);
  assert.equal(mapped.draft.content.charges, null);
  assert.deepEqual(
    mapped.warnings.map((w) => [w.rank, w.code]),
    [
      [RANK.charges, 'ignored_for_transaction'],
      [RANK.deposit, 'ignored_for_transaction'],
    ],
  );
});

test('the legal mentions are held to the bounds of their owner, and named by rank', () => {
  refusedAt(read({ dpeValue: '2500' }), RANK.dpeValue, 'out_of_range');
  refusedAt(read({ energyCostYear: '2019' }), RANK.energyCostYear, 'out_of_range');
  refusedAt(read({ fees: '150', feesPaidBy: '1' }), RANK.fees, 'out_of_range');
  refusedAt(read({ feesPaidBy: '4' }), RANK.feesPaidBy, 'invalid_value');
  refusedAt(read({ energyCostMin: '900', energyCostMax: '400' }), RANK.energyCostMax, 'business_rule');
  refusedAt(read({ dpeClass: 'A', gesClass: 'C' }), RANK.dpeClass, 'business_rule');
  refusedAt(read({ priceWithoutBuyerFees: '260000' }), RANK.priceWithoutBuyerFees, 'out_of_range');
  refusedAt(read({ furnished: 'peut-être' }), RANK.furnished, 'invalid_value');
});

test('a rental reads its rent without charges, its fees in euros and its rent-control ranks', () => {
  const rental = {
    transaction: 'Location',
    price: '900',
    charges: '60',
    fees: '540',
    inventoryFees: '150',
    rentSupplement: '50',
    referenceRent: '22,5',
    rentControl: 'OUI',
  };
  const { content } = accepted(read(rental)).draft;
  assert.deepEqual(
    [
      content.price,
      content.charges,
      content.tenantFees,
      content.tenantInventoryFees,
      content.rentSupplement,
      content.referenceRent,
      content.rentControlled,
      content.fees,
    ],
    [840, 60, 540, 150, 50, 22.5, true, null],
  );
  refusedAt(read({ ...rental, price: '50' }), RANK.price, 'out_of_range');
  refusedAt(read({ ...rental, inventoryFees: '600' }), RANK.inventoryFees, 'business_rule');
});

test('a life annuity reads its bouquet, rente and « vendu libre » the other way round', () => {
  const { content } = accepted(read({ transaction: 'Viager', lumpSum: '40000', annuity: '600', soldFree: 'OUI' })).draft;
  assert.deepEqual([content.transaction, content.lumpSum, content.annuity, content.occupied], ['life_annuity_sale', 40000, 600, false]);
});

test('text the database cannot hold, and a technical id with a control character, refuse the line', () => {
  refusedAt(read({ description: 'a\u0000b' }), RANK.description, 'unsafe_text');
  refusedAt(read({ technicalId: 'T\t12' }), RANK.technicalId, 'invalid_value');
  refusedAt(read({ reference: 'R'.repeat(51) }), RANK.reference, 'field_too_long');
  refusedAt(read({ title: '' }), RANK.title, 'required_field');
});

test('a write-path refusal points at the rank its field came from', () => {
  assert.deepEqual(rankOfModelField('price'), { rank: 11, field: 'Prix' });
  assert.deepEqual(rankOfModelField('photos[3].url'), { rank: 88, field: 'Photo 4' });
  assert.deepEqual(rankOfModelField('photos[12]'), { rank: 167, field: 'Photo 13' });
  assert.deepEqual(rankOfModelField('photos[12].label'), { rank: 277, field: 'Titre de la photo 13' });
  assert.deepEqual(rankOfModelField('photos[25].url'), { rank: 269, field: 'Photo 26' });
  assert.deepEqual(rankOfModelField('externalId'), { rank: 175, field: 'Identifiant technique' });
  assert.deepEqual(rankOfModelField('dpeDate'), { rank: 324, field: 'Date du DPE' });
  assert.deepEqual(rankOfModelField('fees.agencyFees'), { rank: 303, field: 'Prix hors honoraires acquéreur' });
  assert.equal(rankOfModelField('marketValue'), null);
  assert.equal(rankOfModelField('photos[30].url'), null);
});

test('any line, however broken, is read or refused, never thrown on', () => {
  const nasty = [
    '',
    ' ',
    'NC',
    'OUI',
    '-1',
    '1e9',
    '99999999999',
    '31/02/2025',
    'VI',
    'é'.repeat(5000),
    '\u0000',
    '\ud800',
    'Appartement',
    'Location',
    'http://',
    'https://x.fr/a.jpg',
  ];
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < 300; i += 1) {
    const fields = Array.from({ length: next() % 340 }, () => nasty[next() % nasty.length]!);
    const mapped = readPolirisLine({ line: i, fields });
    if (!mapped.ok) assert.ok(mapped.errors.length > 0 && mapped.errors.every((e) => e.message.length > 0));
  }
});
