import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audienceDevice, isCrawler } from '../../../src/domain/audience/device.js';
import { ANDROID_UA, CRAWLER_UAS, DESKTOP_UA, IPHONE_UA, MAC_UA } from '../../helpers/audience.js';

/** docs/decisions.md §17: who is counted, and as which device. */

test('browsers are counted as desktop or mobile from their User-Agent', () => {
  for (const ua of [DESKTOP_UA, MAC_UA, 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0'])
    assert.equal(audienceDevice(ua), 'desktop', ua);
  const tablets = [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  ];
  for (const ua of [IPHONE_UA, ANDROID_UA, ...tablets]) assert.equal(audienceDevice(ua), 'mobile', ua);
  // A phone brand is not a robot because its name ends in "bot".
  assert.equal(
    audienceDevice('Mozilla/5.0 (Linux; Android 10; Cubot X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36'),
    'mobile',
  );
});

test('crawlers, previewers, scripts and requests without a User-Agent are not counted', () => {
  for (const ua of [...CRAWLER_UAS, 'Wget/1.21.4', 'Go-http-client/1.1', 'WhatsApp/2.23.20.0', 'autocannon']) {
    assert.ok(isCrawler(ua), ua);
    assert.equal(audienceDevice(ua), null, ua);
  }
  assert.equal(audienceDevice(undefined), null);
  assert.equal(audienceDevice(''), null);
  // A long header is judged by its start, the same way each time.
  assert.equal(audienceDevice(`${DESKTOP_UA} ${'x'.repeat(10_000)}`), 'desktop');
  assert.equal(audienceDevice(`${DESKTOP_UA} ${'x'.repeat(10_000)}`), 'desktop');
});
