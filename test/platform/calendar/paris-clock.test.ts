import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, daysOf, parisClock, parisDay } from '../../../src/platform/calendar/paris-day.js';
import { frenchDate, frenchDateTime, frenchShortDateTime, sortableParisDateTime } from '../../../src/platform/calendar/french-time.js';

/**
 * The calendar's clock (the day and hour in Paris of an instant) around midnight and across both
 * daylight-saving changes, day arithmetic across them, and the French dates pages and exports
 * show: the one owner of Paris time (docs/architecture.md, "One owner per rule").
 */
const clockAt = (iso: string) => parisClock(new Date(iso));

test('the day and hour in Paris around midnight, winter and summer', () => {
  assert.deepEqual(clockAt('2026-01-15T22:59:59Z'), { day: '2026-01-15', hour: 23 }, 'UTC+1 in winter');
  assert.deepEqual(clockAt('2026-01-15T23:00:00Z'), { day: '2026-01-16', hour: 0 });
  assert.deepEqual(clockAt('2026-07-15T21:59:59Z'), { day: '2026-07-15', hour: 23 }, 'UTC+2 in summer');
  assert.deepEqual(clockAt('2026-07-15T22:00:00Z'), { day: '2026-07-16', hour: 0 });
  assert.deepEqual(clockAt('2026-12-31T23:00:00Z'), { day: '2027-01-01', hour: 0 }, 'a new year in Paris, not yet in UTC');
  for (const iso of ['2026-01-15T22:59:59Z', '2026-01-15T23:00:00Z', '2026-07-15T22:00:00Z'])
    assert.equal(parisDay(new Date(iso)), clockAt(iso).day, `one day for ${iso}`);
});

test('the day and hour across the spring change: 02:00 becomes 03:00', () => {
  assert.deepEqual(clockAt('2026-03-28T22:59:59Z'), { day: '2026-03-28', hour: 23 });
  assert.deepEqual(clockAt('2026-03-28T23:00:00Z'), { day: '2026-03-29', hour: 0 }, 'midnight is still UTC+1');
  assert.deepEqual(clockAt('2026-03-29T00:59:59Z'), { day: '2026-03-29', hour: 1 });
  assert.deepEqual(clockAt('2026-03-29T01:00:00Z'), { day: '2026-03-29', hour: 3 }, 'no 02:00 that night');
  assert.deepEqual(clockAt('2026-03-29T06:00:00Z'), { day: '2026-03-29', hour: 8 }, '08:00 is 06:00 UTC from then');
  assert.deepEqual(clockAt('2026-03-29T21:59:59Z'), { day: '2026-03-29', hour: 23 }, 'a day of 23 hours');
  assert.deepEqual(clockAt('2026-03-29T22:00:00Z'), { day: '2026-03-30', hour: 0 });
});

test('the day and hour across the autumn change: 02:00 comes twice', () => {
  assert.deepEqual(clockAt('2026-10-24T21:59:59Z'), { day: '2026-10-24', hour: 23 });
  assert.deepEqual(clockAt('2026-10-24T22:00:00Z'), { day: '2026-10-25', hour: 0 }, 'midnight is still UTC+2');
  assert.deepEqual(clockAt('2026-10-25T00:30:00Z'), { day: '2026-10-25', hour: 2 }, 'the first 02:30');
  assert.deepEqual(clockAt('2026-10-25T01:30:00Z'), { day: '2026-10-25', hour: 2 }, 'the second 02:30');
  assert.deepEqual(clockAt('2026-10-25T07:00:00Z'), { day: '2026-10-25', hour: 8 }, '08:00 is 07:00 UTC from then');
  assert.deepEqual(clockAt('2026-10-25T22:59:59Z'), { day: '2026-10-25', hour: 23 }, 'a day of 25 hours');
  assert.deepEqual(clockAt('2026-10-25T23:00:00Z'), { day: '2026-10-26', hour: 0 });
});

test('days are added as days, not as 24 hours, across a change', () => {
  // 00:30 on 30 March in Paris: 24 hours earlier is 23:30 on 28 March, since 29 March had 23 hours.
  const afterSpring = new Date('2026-03-29T22:30:00Z');
  assert.equal(parisDay(new Date(afterSpring.getTime() - 86_400_000)), '2026-03-28');
  assert.equal(addDays(parisDay(afterSpring), -1), '2026-03-29');
  // 23:30 on 26 October: 48 hours earlier is 00:30 on 25 October, since 25 October had 25 hours.
  const afterAutumn = new Date('2026-10-26T22:30:00Z');
  assert.equal(parisDay(new Date(afterAutumn.getTime() - 2 * 86_400_000)), '2026-10-25');
  assert.equal(addDays(parisDay(afterAutumn), -2), '2026-10-24');
  assert.equal(addDays('2026-03-28', 2), '2026-03-30');
  assert.equal(addDays('2026-10-26', -2), '2026-10-24');
  const week = daysOf(addDays('2026-03-30', -6), '2026-03-30');
  assert.deepEqual(week, ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30']);
});

/** French spacing (narrow and non-breaking spaces, as Intl writes them) made plain. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

test('French dates and times are on the clock of Paris', () => {
  const winter = new Date('2026-03-14T08:05:00Z');
  assert.equal(plain(frenchDate(winter)), '14 mars 2026');
  assert.equal(plain(frenchDateTime(winter)), '14 mars 2026 à 09:05');
  assert.equal(plain(frenchShortDateTime(winter)), '14/03/2026 09:05');
  assert.equal(sortableParisDateTime(winter), '2026-03-14 09:05');
  const summerNight = new Date('2026-07-14T22:30:00Z');
  assert.equal(plain(frenchDate(summerNight)), '15 juillet 2026', 'already the 15th in Paris');
  assert.equal(plain(frenchDateTime(summerNight)), '15 juillet 2026 à 00:30');
  assert.equal(plain(frenchShortDateTime(summerNight)), '15/07/2026 00:30');
  assert.equal(sortableParisDateTime(summerNight), '2026-07-15 00:30');
  const newYear = new Date('2026-12-31T23:30:00Z');
  assert.equal(plain(frenchDate(newYear)), '1 janvier 2027');
  assert.equal(sortableParisDateTime(newYear), '2027-01-01 00:30');
  assert.equal(sortableParisDateTime(new Date('2026-10-25T01:30:00Z')), '2026-10-25 02:30', 'the second 02:30');
});
