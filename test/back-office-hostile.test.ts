import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Fastify, { type RouteOptions } from 'fastify';
import { useTestApp } from './helpers/app.js';
import { databaseKind } from './helpers/database.js';
import { hostileSegment, hostileText } from './helpers/hostile.js';
import { createOperator, hiddenCsrf, signIn } from './helpers/back-office.js';
import { backOfficePages } from '../src/admin/back-office-pages-routes.js';

/**
 * The back-office pages under hostile input, signed in: every route the pages plugin
 * registers (found by registering it on a probe, so a new page is attacked as soon as it
 * exists), with hostile path segments, query strings and form fields, a right or a wrong
 * CSRF token. Every answer is a French page or a redirect, never a 5xx, never late; a
 * refused form writes nothing to the audit log.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const { t, agency } = useTestApp();

async function pageRoutes(): Promise<Array<{ method: string; url: string; fields: string[] }>> {
  const routes: RouteOptions[] = [];
  const probe = Fastify();
  probe.decorate('services', t.services);
  probe.addHook('onRoute', (route) => void routes.push(route));
  await probe.register(backOfficePages, { prefix: '/admin' });
  await probe.ready();
  await probe.close();
  return routes
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD').map((method) => ({ route, method })))
    .map(({ route, method }) => ({
      method,
      url: route.url,
      fields: Object.keys(((route.schema as { body?: { properties?: object } } | undefined)?.body?.properties ?? {}) as object),
    }));
}

/** Entries this operator wrote (other test files write theirs into the same database meanwhile). */
const auditCount = async (actor: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_audit WHERE actor = $1', [actor])).rows[0]!.n;

test(`[${databaseKind}] hostile paths, queries and forms on every back-office page: a page or a redirect, never a 5xx`, async () => {
  const operator = await createOperator(t);
  const browser = await signIn(t, operator);
  const csrf = hiddenCsrf((await browser.get('/admin')).body)!;
  const pending = (await t.call('POST', '/v1/listings', agency.live, { ...(await import('./helpers/v1.js')).v1Body('HOSTILE-BO', { dpe: null, ges: null }) })).json().serviceId as string;
  const valid: Record<string, string> = { agencyId: agency.agencyId, serviceId: pending, keyId: 'key_0000000000000000' };
  // Signing out would end the campaign's session; its own test is in back-office-pages.test.ts.
  const routes = (await pageRoutes()).filter((route) => route.url !== '/admin/logout');
  assert.ok(routes.length >= 15, `the probe found ${routes.length} routes`);
  let sent = 0;
  for (const route of routes) {
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const path = fc.tuple(...params.map((name) => fc.oneof(hostileSegment, fc.constant(valid[name] ?? 'x')))).map((values) => {
      let url = route.url;
      params.forEach((name, i) => (url = url.replace(`:${name}`, values[i]!)));
      return url;
    });
    const query = fc.array(fc.tuple(fc.oneof(fc.constantFrom('fait', 'q', 'apres', 'avant', 'next'), hostileSegment), hostileSegment), { maxLength: 3 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
    const field = fc.oneof(hostileText, fc.constantFrom('approve', 'reject', '1', '2', 'reseau', 'gold', 'Motif'));
    const form = fc.tuple(
      fc.dictionary(fc.constantFrom(...route.fields.filter((f) => f !== '_csrf'), 'extra'), field, { maxKeys: 5 }),
      fc.oneof({ arbitrary: fc.constant(csrf), weight: 3 }, { arbitrary: hostileText, weight: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(path, query, form, async (url, q, [fields, token]) => {
        const before = await auditCount(operator.operatorId);
        const response = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: url + q,
          headers: { cookie: browser.cookie, accept: 'text/html', ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
          ...(route.method === 'POST' ? { payload: new URLSearchParams({ ...fields, _csrf: token }).toString() } : {}),
        });
        sent += 1;
        assert.ok(response.statusCode < 500, `${route.method} ${url}${q} → ${response.statusCode}: ${response.body.slice(0, 300)}`);
        assert.ok([200, 303, 400, 401, 403, 404, 409, 413, 415, 429].includes(response.statusCode), `${route.method} ${url} → ${response.statusCode}`);
        if (response.statusCode !== 303) assert.match(response.body, /^<!doctype html>\n<html lang="fr">/, `${url} → ${response.statusCode}`);
        // A refused form writes nothing but the refusals the audit log is for (failed sign-ins, stale decisions).
        if (route.method === 'POST' && ![303, 409].includes(response.statusCode) && !url.startsWith('/admin/login')) {
          assert.equal(await auditCount(operator.operatorId), before, `${url} answered ${response.statusCode} but wrote to the audit log`);
        }
      }),
      { numRuns: RUNS, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
    );
  }
  assert.ok(sent >= routes.length * RUNS);
});
