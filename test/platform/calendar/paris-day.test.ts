import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, daysFromTo, daysOf, isCalendarDay, parisDay } from '../../../src/platform/calendar/paris-day.js';

/** The Paris day of an instant, and arithmetic on days across month ends and daylight-saving changes. */

test('an instant belongs to its day in Paris, summer and winter', () => {
  assert.equal(parisDay(new Date('2026-01-15T23:30:00Z')), '2026-01-16', 'UTC+1 in winter');
  assert.equal(parisDay(new Date('2026-07-15T21:59:00Z')), '2026-07-15', 'UTC+2 in summer');
  assert.equal(parisDay(new Date('2026-07-15T22:00:00Z')), '2026-07-16');
});

test('days are added and counted across month ends and the clock changes', () => {
  assert.equal(addDays('2026-03-28', 1), '2026-03-29');
  assert.equal(addDays('2026-03-29', 1), '2026-03-30', 'the 23-hour day');
  assert.equal(addDays('2026-10-25', 1), '2026-10-26', 'the 25-hour day');
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  assert.equal(daysFromTo('2026-01-01', '2026-04-03'), 93);
  assert.equal(daysFromTo('2026-01-02', '2026-01-01'), 0);
  assert.deepEqual(daysOf('2026-10-24', '2026-10-26'), ['2026-10-24', '2026-10-25', '2026-10-26']);
});

test('only calendar days written YYYY-MM-DD are days', () => {
  for (const day of ['2026-02-28', '2024-02-29', '0001-01-01', '9999-12-31']) assert.ok(isCalendarDay(day), day);
  for (const day of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '0000-01-01', '26-03-01', '2026-3-1', '2026-03-01T00:00', ''])
    assert.ok(!isCalendarDay(day), day);
});

test('the day of each instant, asked in any order, across midnight in Paris', () => {
  const midnight = Date.parse('2026-07-15T22:00:00Z');
  const asked = [-1500, -1, 0, -1, 999, 1000, -1000, 0].map((offset) => parisDay(new Date(midnight + offset)));
  assert.deepEqual(asked, ['2026-07-15', '2026-07-15', '2026-07-16', '2026-07-15', '2026-07-16', '2026-07-16', '2026-07-15', '2026-07-16']);
  // An invalid date formats as before: a RangeError, whatever was asked last.
  assert.throws(() => parisDay(new Date(Number.NaN)), RangeError);
});
