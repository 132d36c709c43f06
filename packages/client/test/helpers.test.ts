import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { compareListings, verifyWebhook, WebhookVerificationError, type ServiceListing } from '@listing-sync/client';

const secret = `whsec_${Buffer.from('a secret of thirty-two bytes!!!!').toString('base64')}`;

function signed(body: string, at = new Date()) {
  const id = 'msg_2Kt6pJ2bX9';
  const signature = new Webhook(secret).sign(id, at, body);
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}

test('verifyWebhook accepts a Standard Webhooks signature and returns the event', () => {
  const body = JSON.stringify({
    type: 'listing.published',
    timestamp: '2026-03-01T08:00:00Z',
    data: { serviceId: 'lst_1', externalId: 'CRM-1' },
  });
  const event = verifyWebhook<{ externalId: string }>(body, signed(body), secret);
  assert.equal(event.type, 'listing.published');
  assert.equal(event.data.externalId, 'CRM-1');
  // Node's IncomingHttpHeaders (any case) and a fetch Headers both do.
  const upper = Object.fromEntries(Object.entries(signed(body)).map(([k, v]) => [k.toUpperCase(), v]));
  assert.equal(verifyWebhook(Buffer.from(body), upper, secret).type, 'listing.published');
  assert.equal(verifyWebhook(body, new Headers(signed(body)), secret).type, 'listing.published');
});

test('verifyWebhook refuses a changed body, another secret and an old timestamp', () => {
  const body = JSON.stringify({ type: 'listing.updated', timestamp: '2026-03-01T08:00:00Z', data: {} });
  const headers = signed(body);
  assert.throws(() => verifyWebhook(body.replace('updated', 'deleted'), headers, secret), WebhookVerificationError);
  assert.throws(
    () => verifyWebhook(body, headers, `whsec_${Buffer.from('another secret of 32 bytes......').toString('base64')}`),
    WebhookVerificationError,
  );
  assert.throws(() => verifyWebhook(body, signed(body, new Date(Date.now() - 10 * 60_000)), secret), WebhookVerificationError);
});

test('compareListings finds missing, extra and different listings; listings off the market are not extra', async () => {
  const service = async function* (): AsyncGenerator<ServiceListing> {
    const entry = (
      externalId: string,
      contentHash: string,
      status: ServiceListing['status'] = 'active',
      changeSeq = 1,
    ): ServiceListing => ({
      externalId,
      serviceId: `lst_${externalId}`,
      status,
      version: 1,
      contentHash,
      changeSeq,
      updatedAt: '2026-03-01T08:00:00Z',
      moderation: { state: 'approved', reasons: [], publishedVersion: 1 },
    });
    yield entry('A', 'h-a');
    yield entry('B', 'h-b-old');
    yield entry('C', 'h-c');
    yield entry('SOLD', 'h-s', 'sold');
    yield entry('C', 'h-c2', 'withdrawn', 9); // changed while paging: its last entry counts
  };
  const local = new Map([
    ['A', 'h-a'],
    ['B', 'h-b-new'],
    ['D', 'h-d'],
  ]);
  assert.deepEqual(await compareListings(local, service()), { missing: ['D'], extra: [], different: ['B'], same: 1 });
  const withC = async function* () {
    yield* service();
    yield {
      externalId: 'C',
      serviceId: 'lst_C',
      status: 'active' as const,
      version: 3,
      contentHash: 'h-c3',
      changeSeq: 10,
      updatedAt: '2026-03-01T08:00:00Z',
      moderation: { state: 'approved' as const, reasons: [], publishedVersion: 3 },
    };
  };
  assert.deepEqual((await compareListings(local, withC())).extra, ['C']);
});
