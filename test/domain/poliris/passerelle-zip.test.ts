import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setImmediate as tick } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { passerelleZip } from '../../../src/domain/poliris/passerelle-zip.js';
import { encodeAnnoncesLine } from '../../../src/domain/poliris/annonces-csv.js';
import { bytesOf, zipEntries } from '../../helpers/zip-entries.js';

/** The writer of the relay's passerelle ZIP (docs/interfaces.md, "The partner relay"), read back with yauzl alone. */

const FIELDS = 334;
/** A line of `FIELDS` fields, rank 301 (the format's version) set, with what a test puts at other ranks (1-based). */
function line(ranks: Record<number, string>, version = '4.11'): string[] {
  const fields = Array.from({ length: FIELDS }, () => '');
  fields[300] = version;
  for (const [rank, value] of Object.entries(ranks)) fields[Number(rank) - 1] = value;
  return fields;
}

async function* from<T>(items: Iterable<T>): AsyncGenerator<T> {
  yield* items;
}

const CONFIG = (version: string) => `Version=${version}\r\nApplication=listing-sync / relais\r\nDevise=Euro\r\n`;

test('the ZIP holds Annonces.csv (the lines as the line syntax writes them, in UTF-8 without BOM), Config.txt and Photos.cfg', async () => {
  const lines = [
    line({ 2: 'VA-1', 3: 'vente', 20: 'Maison « Les Œillets »', 21: 'Séjour 30 m²\nCharges : 1 200 € par an, le "calme"' }),
    line({ 2: 'LO-2', 3: 'location', 20: 'Studio', 85: 'https://images.example.com/a.jpg', 94: 'Façade' }),
  ];
  const entries = await zipEntries(await bytesOf(passerelleZip(from(lines))));
  assert.deepEqual([...entries.keys()], ['Annonces.csv', 'Config.txt', 'Photos.cfg']);
  const annonces = entries.get('Annonces.csv')!;
  assert.deepEqual(annonces, Buffer.from(lines.map(encodeAnnoncesLine).join(''), 'utf8'));
  assert.notDeepEqual([...annonces.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'no byte order mark');
  assert.match(annonces.toString('utf8'), /Les Œillets[\s\S]*1 200 €[\s\S]*Façade/);
  assert.equal(entries.get('Config.txt')!.toString('utf8'), CONFIG('4.11'), 'the version of rank 301, the relay as the sender');
  assert.equal(entries.get('Photos.cfg')!.toString('utf8'), 'Mode=URL\r\n', 'photos by URL');
});

test('an empty set is an empty Annonces.csv, with Config.txt and Photos.cfg all the same', async () => {
  const entries = await zipEntries(await bytesOf(passerelleZip(from([]))));
  assert.deepEqual([...entries.keys()], ['Annonces.csv', 'Config.txt', 'Photos.cfg']);
  assert.equal(entries.get('Annonces.csv')!.length, 0);
  assert.match(entries.get('Config.txt')!.toString('utf8'), /^Version=4\.\d+\r\nApplication=listing-sync \/ relais\r\nDevise=Euro\r\n$/);
});

test('thousands of lines come out whole, across many chunks', async () => {
  const lines = Array.from({ length: 3_000 }, (_, i) => line({ 2: `REF-${i}`, 20: `Annonce ${i}`, 21: randomBytes(200).toString('hex') }));
  const entries = await zipEntries(await bytesOf(passerelleZip(from(lines))));
  assert.deepEqual(entries.get('Annonces.csv'), Buffer.from(lines.map(encodeAnnoncesLine).join(''), 'utf8'));
});

/** Lines without end (incompressible text, so that compression cannot hide buffering), counting those asked for. */
function endless() {
  const state = { asked: 0, ended: false };
  async function* lines(): AsyncGenerator<string[]> {
    try {
      for (;;) {
        state.asked++;
        yield line({ 2: `REF-${state.asked}`, 21: randomBytes(500).toString('hex') });
      }
    } finally {
      state.ended = true;
    }
  }
  return { state, lines: lines() };
}

async function settle(stream: Readable, reads = 0) {
  for (let i = 0; i < reads; i++) {
    if (stream.read() === null) await new Promise((resolve) => stream.once('readable', resolve));
  }
  for (let i = 0; i < 50; i++) await tick();
}

test('lines are asked for only as the output is read, and destroying the output ends them', async () => {
  const { state, lines } = endless();
  const output = passerelleZip(lines);
  await settle(output);
  const unread = state.asked;
  assert.ok(unread > 0, 'the first chunk is made ahead');
  assert.ok(unread < 2_000, `a reader that reads nothing holds back the lines (${unread} asked: about a megabyte)`);
  await settle(output, 200);
  assert.ok(state.asked > unread, 'reading asks for more');
  const read = state.asked;
  output.destroy();
  await settle(output);
  assert.equal(state.ended, true, 'the lines were ended (their return() called)');
  assert.ok(state.asked - read < 200, 'no more than what was already under way');
});

test('a source that fails breaks the archive instead of ending it as if whole', async () => {
  async function* failing(): AsyncGenerator<string[]> {
    for (let i = 0; i < 10; i++) yield line({ 2: `REF-${i}` });
    throw new Error('the database went away');
  }
  await assert.rejects(bytesOf(passerelleZip(failing())), /the database went away/);
});
