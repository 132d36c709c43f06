import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { items } from '../../helpers/listings.js';
import { v1Body } from '../../helpers/v1.js';

const { t, agency } = useTestApp({ agency: { plan: 'reseau' } });

type FieldError = { field: string; message: string };
const errorsOf = (body: string) => (JSON.parse(body) as { errors: FieldError[] }).errors;

test(`[${databaseKind}] schema refusals speak in plain sentences that start with the field, one voice with the service's own`, async () => {
  const cases: Array<[string, Promise<{ statusCode: number; body: string }>, FieldError[]]> = [
    [
      'an empty push',
      t.call('POST', '/ingest/ingestListings', agency.live, { listings: [] }),
      [{ field: 'listings', message: 'listings must have at least 1 item' }],
    ],
    [
      'a push of 501',
      t.call('POST', '/ingest/ingestListings', agency.live, { listings: items(501, 'MSG') }),
      [{ field: 'listings', message: 'listings must have at most 500 items (got 501)' }],
    ],
    [
      'the content hashes of 502',
      t.call('POST', '/ingest/contentHashes', agency.live, { listings: items(502, 'MSG') }),
      [{ field: 'listings', message: 'listings must have at most 500 items (got 502)' }],
    ],
    [
      'a v1 batch of 101 on Pro Réseau',
      t.call('POST', '/v1/listings/batch', agency.live, { listings: Array.from({ length: 101 }, (_, i) => v1Body(`MSG-B${i}`)) }),
      [{ field: 'listings', message: 'listings must have at most 100 items on this plan (got 101)' }],
    ],
    [
      'a v1 listing with an empty title, a price of 0 and a 301-character city',
      t.call('POST', '/v1/listings', agency.live, v1Body('MSG-1', { title: '', price: 0, city: 'x'.repeat(301) })),
      [
        { field: 'title', message: 'title must not be empty' },
        { field: 'price', message: 'price must be 1 or more' },
        { field: 'city', message: 'city must be at most 100 characters long' },
      ],
    ],
    [
      'a PUT of nothing',
      t.call('PUT', '/v1/listings/lst_0000000000000000', agency.live, {}),
      [{ field: 'body', message: 'body must have at least 1 field' }],
    ],
    ['a page of 0', t.call('GET', '/v1/listings?page=0', agency.live), [{ field: 'page', message: 'page must be 1 or more' }]],
  ];
  for (const [what, answer, expected] of cases) {
    const response = await answer;
    assert.equal(response.statusCode, 400, what);
    assert.deepEqual(errorsOf(response.body), expected, what);
    // Ajv's own wording ("must NOT have fewer than 1 items", "must be >= 1") never reaches an integrator.
    assert.doesNotMatch(response.body, /NOT|>=|<=/, what);
  }
});

test(`[${databaseKind}] a value that breaks several rules is told the clearest one, once`, async () => {
  const cases: Array<[string, Record<string, unknown>, FieldError[]]> = [
    ['a surface of 45.5', { surface: 45.5 }, [{ field: 'surface', message: 'surface must be an integer' }]],
    ['a surface past int32', { surface: 3e9 }, [{ field: 'surface', message: 'surface must be 1000000 or less' }]],
    ['charges of 2.5 (a nullable whole number)', { charges: 2.5 }, [{ field: 'charges', message: 'charges must be an integer or null' }]],
    ['an empty externalId', { externalId: '' }, [{ field: 'externalId', message: 'externalId must not be empty' }]],
    [
      'a photo URL that is none',
      { photos: [{ url: 'nope', order: 0 }] },
      [{ field: 'photos[0].url', message: 'photos[0].url must start with http:// or https://' }],
    ],
  ];
  for (const [what, overrides, expected] of cases) {
    const response = await t.call('POST', '/v1/listings', agency.live, v1Body('ONCE-1', overrides));
    assert.equal(response.statusCode, 400, what);
    assert.deepEqual(errorsOf(response.body), expected, what);
    const batch = await t.call('POST', '/v1/listings/batch', agency.live, { listings: [v1Body('ONCE-2', overrides)] });
    assert.deepEqual(batch.json().results[0].error.errors, expected, `${what}, in a batch`);
  }
});
