import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ADMIN_TOKEN, useTestApp } from '../helpers/app.js';
import { databaseKind } from '../helpers/database.js';
import { ingestItem } from '../helpers/listings.js';
import { v1Body } from '../helpers/v1.js';
import { SERVER_TIMEOUTS, buildApp } from '../../src/main/app.js';
import { compileBodyValidator } from '../../src/platform/validation/schema-validator.js';
import { describedOperations, operatorOperations, type Description } from '../helpers/hostile.js';

/** Issue 14: values PostgreSQL cannot take are refused as bad input before any query, never a 500. */

const { t, agency } = useTestApp();

const fieldsOf = (body: { errors?: Array<{ field: string }> }) => (body.errors ?? []).map((e) => e.field);

for (const [mount, key] of [
  ['/ingest', 'live'],
  ['/sandbox/ingest', 'test'],
] as const) {
  test(`[${databaseKind}] a NUL in one listing's externalId fails that listing alone (${mount})`, async () => {
    const push = await t.call('POST', `${mount}/ingestListings`, agency[key], {
      listings: [
        ingestItem('FZX-OK1'),
        ingestItem('FZX-BAD', { externalId: 'a\u0000b' }),
        ingestItem('FZX-SUR', { externalId: 'c\ud800' }),
      ],
    });
    assert.equal(push.statusCode, 200);
    const result = push.json();
    assert.equal(result.created, 1);
    assert.deepEqual(
      result.errors.map((e: { index: number }) => e.index),
      [1, 2],
    );
    assert.ok(result.errors.every((e: { details: Array<{ field: string }> }) => e.details.some((d) => d.field === 'externalId')));
    const stored = await t.call('GET', `${mount}/listingByExternalId?externalId=FZX-OK1`, agency[key]);
    assert.equal(stored.statusCode, 200);
  });
}

for (const prefix of ['/v1', '/sandbox/v1']) {
  test(`[${databaseKind}] modifiedSince outside PostgreSQL's range is a 400 naming it (${prefix})`, async () => {
    const key = prefix === '/v1' ? agency.live : agency.test;
    for (const value of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '9999-12-31T23:59:59-01:00', '+275760-09-13T00:00:00Z']) {
      const response = await t.call('GET', `${prefix}/listings?modifiedSince=${encodeURIComponent(value)}`, key);
      assert.equal(response.statusCode, 400, value);
      assert.deepEqual(fieldsOf(response.json()), ['modifiedSince'], value);
    }
    for (const value of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-03-01T09:30:00+02:00']) {
      assert.equal((await t.call('GET', `${prefix}/listings?modifiedSince=${encodeURIComponent(value)}`, key)).statusCode, 200, value);
    }
  });
}

test(`[${databaseKind}] timestamps in bodies outside PostgreSQL's range are refused on both interfaces`, async () => {
  const v1 = await t.call('POST', '/v1/listings', agency.live, v1Body('TS-0', { createdAtExternal: '0000-12-31T23:00:00Z' }));
  assert.equal(v1.statusCode, 400);
  assert.deepEqual(fieldsOf(v1.json()), ['createdAtExternal']);
  const push = await t.call('POST', '/ingest/ingestListings', agency.live, {
    listings: [ingestItem('TS-1', { updatedAtExternal: '0001-01-01T00:30:00+01:00' })],
  });
  assert.equal(push.json().errors[0].details[0].field, 'updatedAtExternal');
});

test(`[${databaseKind}] a NUL in an operator API path id is a 400, never a 500`, async () => {
  const cases: Array<[string, string, unknown?]> = [
    ['GET', '/agencies/%00'],
    ['GET', '/agencies/%00/keys'],
    ['PATCH', '/agencies/%00', { plan: 'solo' }],
    ['POST', '/agencies/%00/verify'],
    ['POST', '/agencies/%00/keys', { env: 'test' }],
    ['DELETE', '/keys/a%00b'],
    ['GET', `/agencies/${agency.agencyId}%00`],
  ];
  for (const [method, url, body] of cases) {
    const response = await t.admin(method as 'GET', url, body);
    assert.equal(response.statusCode, 400, `${method} ${url}`);
    assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
    assert.equal(response.json().code, 'validation_error');
    assert.ok(response.json().errors.length > 0);
  }
  // A well-formed id that names nothing is still a 404.
  assert.equal((await t.admin('GET', '/agencies/agc_0000000Unknown')).statusCode, 404);
  assert.equal((await t.admin('DELETE', '/keys/key_0000000Unknown')).statusCode, 404);
});

test(`[${databaseKind}] a union of values is reported once, naming the allowed values`, async () => {
  const plan = await t.admin('POST', '/agencies', { name: 'Gold', plan: 'gold' });
  assert.equal(plan.statusCode, 400);
  assert.deepEqual(plan.json().errors, [{ field: 'plan', message: 'plan must be one of solo, agence, reseau' }]);
  const patch = await t.admin('PATCH', `/agencies/${agency.agencyId}`, { plan: 'gold' });
  assert.deepEqual(patch.json().errors, [{ field: 'plan', message: 'plan must be one of solo, agence, reseau' }]);
  const key = await t.admin('POST', `/agencies/${agency.agencyId}/keys`, { env: 'prod' });
  assert.deepEqual(key.json().errors, [{ field: 'env', message: 'env must be one of live, test' }]);
  const dpe = await t.call('POST', '/v1/listings', agency.live, v1Body('EN-1', { dpe: 'Z' }));
  assert.deepEqual(dpe.json().errors, [{ field: 'dpe', message: 'dpe must be one of A, B, C, D, E, F, G, or null' }]);
  const fees = await t.call('POST', '/v1/listings', agency.live, v1Body('EN-2', { fees: { feesPaidBy: 'nobody' } }));
  assert.deepEqual(fieldsOf(fees.json()), ['fees.feesPaidBy']);
  assert.match(fees.json().detail, /fees\.feesPaidBy must be one of seller, buyer, landlord, tenant, or null$/);
  const charges = await t.call('POST', '/v1/listings', agency.live, v1Body('EN-3', { charges: 'many' }));
  assert.deepEqual(charges.json().errors, [{ field: 'charges', message: 'charges must be an integer or null' }]);
});

test('timeouts: a 32 MiB push fits at 0.5 Mbit/s, headers and silence are bounded', () => {
  const pushSeconds = (32 * 1024 * 1024 * 8) / 500_000;
  assert.ok(SERVER_TIMEOUTS.requestMs / 1000 > pushSeconds);
  assert.ok(SERVER_TIMEOUTS.headersMs <= 60_000 && SERVER_TIMEOUTS.idleMs <= 60_000);
  assert.ok(SERVER_TIMEOUTS.keepAliveMs > 60_000, 'outlives a load balancer’s 60 s idle timeout');
});

test(`[${databaseKind}] a request whose body never arrives is dropped, not held for ever`, async () => {
  // A second application on the file's services and database: only its timeouts differ.
  const app = await buildApp(t.services, { timeouts: { requestMs: 2_000, headersMs: 1_000, idleMs: 500, keepAliveMs: 1_000 } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    assert.equal(app.server.requestTimeout, 2_000);
    assert.equal(app.server.headersTimeout, 1_000);
    const { port } = app.server.address() as AddressInfo;
    const started = Date.now();
    const closed = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /ingest/ingestListings HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer svc_pk_LIVE_x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"listings":[`,
        );
      });
      socket.on('data', () => {});
      socket.on('close', () => resolve(true));
      socket.on('error', () => {});
      setTimeout(() => {
        socket.destroy();
        resolve(false);
      }, 5_000).unref();
    });
    assert.ok(closed, 'the server closed the stalled connection');
    assert.ok(Date.now() - started < 4_000);
  } finally {
    await app.close();
  }
});

test(`[${databaseKind}] a NUL in any path or query parameter of any described operation is a 400 naming it`, async () => {
  const description = t.app.swagger() as unknown as Description;
  const operations = [...describedOperations(description), ...(await operatorOperations(t.services))];
  const credentials = {
    live: agency.live,
    test: agency.test,
    admin: ADMIN_TOKEN,
    relay: 'no-relay-in-this-app',
    metrics: 'no-metrics-in-this-app',
  };
  let checked = 0;
  for (const op of operations) {
    for (const parameter of op.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && p.schema?.type === 'string')) {
      let url = op.template;
      // The other path parameters get a well-formed id of their kind (lst_…, whk_…, msg_…).
      const wellFormed = (p: (typeof op.parameters)[number]) =>
        `${/^\^([a-z]+)_/.exec(String(p.schema?.pattern ?? ''))?.[1] ?? 'lst'}_0000000Fine`;
      for (const other of op.parameters.filter((p) => p.in === 'path'))
        url = url.replace(`{${other.name}}`, other === parameter ? 'a%00b' : wellFormed(other));
      if (parameter.in === 'query') url += `?${parameter.name}=a%00b`;
      const response = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: { authorization: `Bearer ${credentials[op.auth]}` },
      });
      assert.equal(response.statusCode, 400, `${op.method} ${url}`);
      assert.ok(fieldsOf(response.json()).includes(parameter.name), `${op.method} ${url}: ${response.body}`);
      checked += 1;
    }
  }
  assert.ok(checked >= 10, `${checked} parameters checked`);
});

test('every string of a compiled schema refuses NUL and lone surrogates, at any depth and under any property name', () => {
  const validate = compileBodyValidator({
    type: 'object',
    properties: {
      default: { type: 'string' },
      nested: { type: 'array', items: { anyOf: [{ type: 'string', enum: ['a\u0000'] }, { type: ['string', 'null'] }] } },
    },
  });
  assert.equal(validate({ default: 'fine', nested: ['ok', null] }), true);
  assert.equal(validate({ default: 'a\u0000b' }), false);
  assert.equal(validate({ nested: ['x\ud800'] }), false);
  assert.equal(validate({ nested: ['a\u0000'] }), false, 'an enum cannot let a NUL through either');
});
