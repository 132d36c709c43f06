import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INGESTION_CODES } from '../../../src/domain/listing-model/interface-codes.js';
import { nameIn } from '../../../src/domain/listing-model/interface-names.js';
import { IngestListing } from '../../../src/edge/ingestion/schemas.js';
import { ListingCreate } from '../../../src/edge/v1/schemas.js';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { ingestItem } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

type Node = { enum?: unknown[]; anyOf?: Node[]; properties?: Record<string, Node> };
/** The values an enum field admits, null aside (a nullable enum is a union with null). */
function codesOf(node: Node | undefined): string[] | undefined {
  const codes = node?.enum?.map(String) ?? node?.anyOf?.flatMap((branch) => codesOf(branch) ?? []);
  return codes && codes.length > 0 ? codes : undefined;
}
const ingestion = IngestListing as unknown as Node;
const v1 = ListingCreate as unknown as Node;

test('the table of codes holds each interface to the codes its schema admits, and every other enum has one set of codes', () => {
  for (const [field, codes] of Object.entries(INGESTION_CODES)) {
    assert.deepEqual(codesOf(ingestion.properties![nameIn('ingestion', field)]), Object.keys(codes), `${field} in a push`);
    assert.deepEqual(codesOf(v1.properties![nameIn('v1', field)]), Object.values(codes), `${field} in v1`);
  }
  // A field both bodies have, by the same name, coded alike: the table need not name it.
  const shared = Object.keys(ingestion.properties!).filter(
    (name) => codesOf(ingestion.properties![name]) && Object.hasOwn(v1.properties!, name) && nameIn('v1', name) === name,
  );
  for (const name of shared.filter((name) => name !== nameIn('ingestion', 'propertyType'))) {
    assert.deepEqual(codesOf(v1.properties![name]), codesOf(ingestion.properties![name]), name);
  }
  assert.ok(shared.includes('dpe') && shared.includes('ges'), `the shared enums were found: ${shared.join(', ')}`);
});

type FieldError = { field: string; message: string };

test(`[${databaseKind}] a code of the other interface is told this interface's code for it, in a push and in v1`, async () => {
  const push = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('CODE-1', { transaction: 'sale', type: 'commercial' })],
  });
  assert.equal(push.statusCode, 200, push.body);
  assert.deepEqual(push.json().errors[0].details, [
    {
      field: 'transaction',
      message: `transaction must be one of VENTE, LOCATION, VIAGER; "sale" is the v1 interface's code; this interface calls it VENTE`,
    },
    {
      field: 'type',
      message: `type must be one of APPARTEMENT, MAISON, DUPLEX, STUDIO, TERRAIN, PARKING, LOFT, LOCAL, BUREAU; "commercial" is the v1 interface's code; this interface calls it LOCAL`,
    },
  ]);

  const expected: FieldError[] = [
    {
      field: 'type',
      message: `type must be one of sale, rental, life_annuity_sale; "LOCATION" is the ingestion interface's code; this interface calls it rental`,
    },
    {
      field: 'category',
      message: `category must be one of apartment, house, duplex, studio, land, parking, loft, commercial, office; "TERRAIN" is the ingestion interface's code; this interface calls it land`,
    },
  ];
  const codes = { type: 'LOCATION', category: 'TERRAIN' };
  const one = await t.call('POST', '/v1/listings', agency.live, v1Body('CODE-2', codes));
  assert.equal(one.statusCode, 400, one.body);
  assert.deepEqual(one.json().errors, expected);
  const batch = await t.call('POST', '/v1/listings/batch', agency.live, { listings: [v1Body('CODE-3', codes)] });
  assert.deepEqual(batch.json().results[0].error.errors, expected, 'in a v1 batch');

  // A code of no interface, or one of another field (v1's transaction as a push's type), gets the rule alone.
  const other = await t.call('POST', '/ingest/ingestListings', agency.live, { listings: [ingestItem('CODE-4', { type: 'sale' })] });
  assert.deepEqual(other.json().errors[0].details, [
    { field: 'type', message: 'type must be one of APPARTEMENT, MAISON, DUPLEX, STUDIO, TERRAIN, PARKING, LOFT, LOCAL, BUREAU' },
  ]);
  const none = await t.call('POST', '/v1/listings', agency.live, v1Body('CODE-5', { type: 'CASTLE' }));
  assert.deepEqual(none.json().errors, [{ field: 'type', message: 'type must be one of sale, rental, life_annuity_sale' }]);
});
