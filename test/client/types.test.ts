import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useTestApp } from '../helpers/app.js';
import { clientTypes, CLIENT_TYPES_FILE } from '../../scripts/client-types.js';

const { t } = useTestApp();

test('the client package’s checked-in types are those the served OpenAPI description generates', async () => {
  const served = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const generated = await clientTypes(served);
  const checkedIn = readFileSync(CLIENT_TYPES_FILE, 'utf8');
  assert.ok(
    generated === checkedIn,
    'packages/client/src/schema.ts is stale: the OpenAPI description changed. Run `npm run client:types` and commit the result.',
  );
});
