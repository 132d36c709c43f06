import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseKeyValues, photosCfgWarnings, valueOf } from '../../../src/domain/poliris/config-files.js';
import { FIELD_COUNTS, FORMAT_REVISIONS, nearestFieldCount, versionOf } from '../../../src/domain/poliris/versions.js';
import { fieldsAt } from '../../fixtures/poliris/archives.js';

/** Config.txt and Photos.cfg (config-files.ts), and the 4.x field counts (versions.ts). */

test('Config.txt: key=value lines trimmed, comments and lines without = skipped, the last value kept, no prototype keys', () => {
  const values = parseKeyValues(
    '\uFEFFVersion = 4.09\r\n# note\r\n\r\nApplication=Logiciel / 2.1=b\nsans égal\n__proto__=x\nVersion=4.08\n',
  );
  assert.deepEqual(Object.entries(values), [
    ['Version', '4.08'],
    ['Application', 'Logiciel / 2.1=b'],
    ['__proto__', 'x'],
  ]);
  assert.equal(Object.getPrototypeOf(values), null);
  assert.equal(valueOf(values, 'VERSION'), '4.08');
  assert.equal(valueOf(values, 'Devise'), null);
});

test('Photos.cfg: Mode=URL or none is quiet; FULL and DIFF warn that photo files are not taken', () => {
  assert.deepEqual(photosCfgWarnings(parseKeyValues('Mode=URL')), []);
  assert.deepEqual(photosCfgWarnings(parseKeyValues('mode=url')), []);
  assert.deepEqual(photosCfgWarnings({}), []);
  for (const mode of ['FULL', 'DIFF']) {
    const [warning] = photosCfgWarnings(parseKeyValues(`MODE=${mode}\r\n`));
    assert.equal(warning?.code, 'photos_not_by_url');
    assert.match(warning?.message ?? '', new RegExp(`Mode=${mode}.*URL`));
  }
});

test('the 4.x revisions only grow, ending at the 334 ranks of 4.09; the nearest count names what a line meant', () => {
  assert.deepEqual(
    FIELD_COUNTS,
    [...FIELD_COUNTS].sort((a, b) => a - b),
  );
  assert.equal(new Set(FIELD_COUNTS).size, FORMAT_REVISIONS.length);
  assert.equal(FIELD_COUNTS.at(-1), 334);
  assert.deepEqual([0, 1, 256, 303, 304, 330, 332, 400].map(nearestFieldCount), [255, 255, 255, 300, 307, 329, 334, 334]);
  assert.equal(versionOf(fieldsAt({ 301: ' 4.08-007 ' })), '4.08-007');
  assert.equal(versionOf(fieldsAt({}, 300)), null);
});
