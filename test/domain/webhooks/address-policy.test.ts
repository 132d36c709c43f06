import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPublicAddress } from '../../../src/domain/webhooks/address-policy.js';
import { checkEndpointUrl } from '../../../src/domain/webhooks/endpoint-url.js';
import { WebhookSender } from '../../../src/domain/webhooks/sender.js';
import { useTestApp } from '../../helpers/app.js';

/**
 * The webhook address rule (docs/decisions.md §9): only public unicast addresses, and an IPv4
 * address carried inside IPv6 is judged as that address (or refused with its whole range), at
 * registration and on every address a delivery resolves to.
 */
const { t } = useTestApp({ agency: { plan: 'reseau' } });

const REFUSED = [
  // IPv4-compatible (::/96), written both ways.
  '::127.0.0.1',
  '::7f00:1',
  '::10.0.0.1',
  '::a9fe:a9fe',
  '::8.8.8.8',
  // IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96).
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:0:7f00:1',
  // NAT64 with a private, loopback or metadata IPv4; local-use NAT64.
  '64:ff9b::7f00:1',
  '64:ff9b::10.1.2.3',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::c0a8:101',
  '64:ff9b:1::808:808',
  // 6to4 embedding a private or loopback IPv4.
  '2002:7f00:1::1',
  '2002:a00:1::1',
  '2002:c0a8:101::',
  // Teredo, whatever it carries.
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  // The plain forms.
  '::',
  '::1',
  '127.0.0.1',
  '10.0.0.1',
  '100.64.0.1',
  '169.254.169.254',
  'fe80::1',
  'fc00::1',
  '2001:db8::1',
  'not an address',
];
const ALLOWED = ['8.8.8.8', '::ffff:8.8.8.8', '64:ff9b::808:808', '64:ff9b::8.8.8.8', '2002:808:808::1', '2606:4700:4700::1111'];

test('every IPv6 form of a reserved IPv4 address is refused; public addresses, however written, are not', () => {
  for (const address of REFUSED) assert.equal(isPublicAddress(address), false, `${address} is refused`);
  for (const address of ALLOWED) assert.equal(isPublicAddress(address), true, `${address} is public`);
});

test('a URL whose host is such a literal is refused at registration, in the field url', () => {
  for (const url of [
    'https://[::127.0.0.1]:8443/hook',
    'https://[::7f00:1]/hook',
    'https://[64:ff9b::a9fe:a9fe]/latest/meta-data',
    'https://[2002:a00:1::1]/hook',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
  ]) {
    assert.equal(checkEndpointUrl(url, 'live', false)?.field, 'url', url);
  }
  assert.equal(checkEndpointUrl('https://[64:ff9b::808:808]/hook', 'live', false), null);
});

test('a delivery never connects to such an address, whether the URL names it or DNS answers it', async () => {
  const resolved = new Map([
    ['compatible.example.com', '::7f00:1'],
    ['nat64.example.com', '64:ff9b::a9fe:a9fe'],
    ['sixtofour.example.com', '2002:a00:1::1'],
  ]);
  const sender = new WebhookSender({
    allowPrivate: () => false,
    resolve: async (hostname) => [{ address: resolved.get(hostname) ?? '203.0.113.9', family: 6 }],
    timeoutMs: 2_000,
  });
  try {
    const literal = await sender.send('https://[::127.0.0.1]:8443/hook', {}, '{}');
    assert.equal(literal.ok, false);
    assert.match(literal.error!, /::7f00:1 is a loopback, private, link-local or metadata address/);
    for (const [hostname, address] of resolved) {
      const attempt = await sender.send(`https://${hostname}:8443/hook`, {}, '{}');
      assert.equal(attempt.ok, false);
      assert.equal(attempt.error, `${hostname} resolves to ${address}, a loopback, private, link-local or metadata address`);
    }
  } finally {
    await sender.close();
  }
});

test('POST /v1/webhooks refuses an IPv4-compatible or NAT64 loopback URL with 400 naming url, and creates nothing', async () => {
  const owner = await t.agency({ plan: 'reseau' });
  for (const url of ['https://[::127.0.0.1]:8443/hook', 'https://[64:ff9b::7f00:1]/hook', 'https://[::ffff:0:a00:1]/hook']) {
    const response = await t.call('POST', '/v1/webhooks', owner.live, { url });
    assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
    assert.equal(response.json().code, 'validation_error');
    assert.deepEqual(
      response.json().errors.map((e: { field: string }) => e.field),
      ['url'],
    );
    assert.match(response.json().errors[0].message, /loopback, private, link-local or metadata/);
  }
  assert.deepEqual((await t.call('GET', '/v1/webhooks', owner.live)).json().webhooks, []);
});
