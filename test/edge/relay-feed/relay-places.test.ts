import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { v1Body } from '../../helpers/v1.js';
import { catchUpRelay, relayFeed } from '../../helpers/relay.js';
import { LYON_3E, NO_PLACE } from '../../helpers/places.js';
import { addFormats } from '../../../src/platform/validation/schema-validator.js';

// The relay carries each listing's place (docs/geography.md), as the v1 record does.
const RELAY_TOKEN = 'relay-token-places-0123456789';
const { t, agency } = useTestApp({ env: { RELAY_TOKEN }, agency: { plan: 'reseau' } });

interface Item {
  serviceId: string;
  listing: { content: { city: string; location: Record<string, string | null> } } | null;
}

/** Every page of the feed from the start, each checked against the served OpenAPI description. */
async function wholeFeed(): Promise<Map<string, Item>> {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema((await t.app.inject({ method: 'GET', url: '/openapi.json' })).json(), 'openapi');
  const validate = ajv.compile({ $ref: 'openapi#/paths/~1relay~1v1~1listings/get/responses/200/content/application~1json/schema' });
  const held = new Map<string, Item>();
  let after = 0;
  for (;;) {
    const page = (await relayFeed(t, `?afterSeq=${after}&limit=500`, RELAY_TOKEN)).json<{
      listings: Array<Item & { seq: number }>;
      nextAfterSeq: number | null;
    }>();
    assert.ok(validate(page), ajv.errorsText(validate.errors));
    for (const item of page.listings) {
      held.set(item.serviceId, item);
      after = item.seq;
    }
    if (page.nextAfterSeq === null) return held;
  }
}

test(`[${databaseKind}] relayed listings carry their location; one not yet placed carries nulls`, async () => {
  const write = async (externalId: string, city: string, postcode: string, surface: number) =>
    (await t.call('POST', '/v1/listings', agency.live, v1Body(externalId, { city, postcode, surface, shareWithRelay: true }))).json()
      .serviceId as string;
  const lyon = await write('RP-1', 'Lyon', '69003', 51);
  const ajaccio = await write('RP-2', 'Ajaccio', '20000', 62);
  const before = await write('RP-3', 'Bastia', '20200', 73);
  // As a listing written before places existed, that the backfill has not reached yet.
  await t.db.query(`UPDATE listings SET content = content - 'location' WHERE id = $1`, [before]);
  await catchUpRelay(t, agency);

  const held = await wholeFeed();
  assert.deepEqual(held.get(lyon)!.listing!.content.location, LYON_3E);
  assert.deepEqual(
    [held.get(ajaccio)!.listing!.content.location.inseeCode, held.get(ajaccio)!.listing!.content.location.departmentCode],
    ['2A004', '2A'],
  );
  assert.deepEqual(held.get(before)!.listing!.content.location, NO_PLACE);
});
