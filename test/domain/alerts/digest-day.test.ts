import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digestDayFor, lastDigestDay } from '../../../src/domain/alerts/digest-day.js';

/**
 * The days of the daily alert mail (docs/decisions.md §18): what is found before 08:00 in Paris
 * goes out that morning, from 08:00 the next; at `now`, the mails of every day whose 08:00 has
 * come are due. 08:00 in Paris is 07:00 UTC in winter and 06:00 UTC in summer.
 */
const at = (iso: string) => new Date(iso);

test('a match goes in the mail of the next 08:00 in Paris', () => {
  assert.equal(digestDayFor(at('2026-01-15T06:59:59Z')), '2026-01-15', '07:59 in winter');
  assert.equal(digestDayFor(at('2026-01-15T07:00:00Z')), '2026-01-16', '08:00 in winter');
  assert.equal(digestDayFor(at('2026-01-15T23:30:00Z')), '2026-01-16', '00:30 on the 16th');
  assert.equal(digestDayFor(at('2026-03-29T05:59:59Z')), '2026-03-29', '07:59 on the day of the spring change');
  assert.equal(digestDayFor(at('2026-03-29T06:00:00Z')), '2026-03-30');
  assert.equal(digestDayFor(at('2026-10-25T06:59:59Z')), '2026-10-25', '07:59 on the day of the autumn change');
  assert.equal(digestDayFor(at('2026-10-25T07:00:00Z')), '2026-10-26');
  assert.equal(digestDayFor(at('2026-02-28T12:00:00Z')), '2026-03-01', 'across a month end');
});

test('the mails due are those of every day whose 08:00 has come', () => {
  assert.equal(lastDigestDay(at('2026-01-16T06:59:59Z')), '2026-01-15');
  assert.equal(lastDigestDay(at('2026-01-16T07:00:00Z')), '2026-01-16');
  assert.equal(lastDigestDay(at('2026-03-29T05:59:59Z')), '2026-03-28');
  assert.equal(lastDigestDay(at('2026-03-29T06:00:00Z')), '2026-03-29');
  assert.equal(lastDigestDay(at('2026-10-25T06:59:59Z')), '2026-10-24');
  assert.equal(lastDigestDay(at('2026-10-25T07:00:00Z')), '2026-10-25');
  assert.equal(lastDigestDay(at('2026-03-01T00:30:00Z')), '2026-02-28', '01:30 on 1 March');
});
