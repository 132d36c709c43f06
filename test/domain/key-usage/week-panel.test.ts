import { test } from 'node:test';
import assert from 'node:assert/strict';
import { weekPanel } from '../../../src/domain/key-usage/key-usage.js';
import type { Queryable } from '../../../src/platform/db/database.js';

/**
 * The key page's last 7 days are seven days of France's calendar, today included, whatever the
 * hour: at 00:30 after the 23-hour day of March, or at 23:30 after the 25-hour day of October,
 * no day is skipped or shown twice (seven times 24 hours back would).
 */
const noRollUps = { query: async () => ({ rows: [], rowCount: 0 }) } as unknown as Queryable;
const daysAt = async (iso: string) => (await weekPanel(noRollUps, 'agency', new Date(iso))).days.map((d) => d.day);

test('the last 7 days, the day after the spring change', async () => {
  assert.deepEqual(await daysAt('2026-03-29T22:30:00Z'), [
    '2026-03-24',
    '2026-03-25',
    '2026-03-26',
    '2026-03-27',
    '2026-03-28',
    '2026-03-29',
    '2026-03-30',
  ]);
});

test('the last 7 days, the day after the autumn change', async () => {
  assert.deepEqual(await daysAt('2026-10-26T22:30:00Z'), [
    '2026-10-20',
    '2026-10-21',
    '2026-10-22',
    '2026-10-23',
    '2026-10-24',
    '2026-10-25',
    '2026-10-26',
  ]);
});
