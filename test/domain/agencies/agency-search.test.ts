import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { listAgencies } from '../../../src/domain/agencies/agency-store.js';
import type { Queryable } from '../../../src/platform/db/database.js';

/**
 * The operator API's agency search: the database filters on a piece of the name, whatever its
 * case, and pages oldest first; the answer names the next page's `after`.
 */
const { t } = useTestApp();

/** Agencies named with a marker of this run (on PostgreSQL every file shares the database), oldest first. */
async function markedAgencies(names: [string, string, string, string]): Promise<[string, string, string, string]> {
  const ids: string[] = [];
  for (const name of names) ids.push((await t.admin('POST', '/agencies', { name, plan: 'solo' })).json().agencyId as string);
  return ids as [string, string, string, string];
}

test(`[${databaseKind}] the operator API finds agencies by a piece of their name in any case, and pages them oldest first`, async () => {
  const marker = `zq${randomBytes(4).toString('hex')}`;
  const [north, south, summer] = await markedAgencies([
    `Agence ${marker.toUpperCase()} Nord`,
    `agence ${marker} sud`,
    `Immo ${marker} Été`,
    `Immo ${marker.slice(0, -1)} Autre`,
  ]);
  const search = async (query: string) => {
    const response = await t.admin('GET', `/agencies?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as { agencies: Array<{ agencyId: string; name: string }>; next: string | null };
  };
  const ids = (page: { agencies: Array<{ agencyId: string }> }) => page.agencies.map((a) => a.agencyId);

  const all = await search(`name=${encodeURIComponent(marker.toUpperCase())}`);
  assert.deepEqual(ids(all), [north, south, summer], 'every case of the piece, oldest first; a near miss is left out');
  assert.equal(all.next, null);
  assert.deepEqual(ids(await search(`name=${encodeURIComponent(`${marker} ÉTÉ`)}`)), [summer], 'accented capitals fold too');

  const first = await search(`name=${marker}&limit=2`);
  assert.deepEqual(ids(first), [north, south]);
  assert.equal(first.next, south);
  const second = await search(`name=${marker}&limit=2&after=${first.next}`);
  assert.deepEqual(ids(second), [summer]);
  assert.equal(second.next, null);

  assert.ok(ids(await search('limit=1000')).includes(summer), 'without a name: every agency');
  assert.equal((await t.admin('GET', '/agencies?limit=0')).statusCode, 400);
  assert.equal((await t.admin('GET', '/agencies?after=not-an-agency')).statusCode, 400);
});

test(`[${databaseKind}] the agency search reads no more rows than the page it answers`, async () => {
  const marker = `zr${randomBytes(4).toString('hex')}`;
  const [oldest] = await markedAgencies([`${marker} un`, `${marker} deux`, `${marker} trois`, `Autre ${randomBytes(2).toString('hex')}`]);
  const rowsRead: number[] = [];
  const counting: Queryable = {
    query: async (sql, params) => {
      const result = await t.db.query(sql as string, params);
      rowsRead.push(result.rows.length);
      return result as never;
    },
    jsonArray: (texts) => t.db.jsonArray(texts),
    jsonArrayBuilder: (bytes) => t.db.jsonArrayBuilder(bytes),
  };
  const page = await listAgencies(counting, { nameContains: marker.toUpperCase(), limit: 1 });
  assert.deepEqual(
    page.agencies.map((a) => a.id),
    [oldest],
  );
  assert.ok(page.next);
  assert.deepEqual(rowsRead, [2], 'one query, the page and one row to know another page follows');
});
