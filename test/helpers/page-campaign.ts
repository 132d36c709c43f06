import assert from 'node:assert/strict';
import fc from 'fast-check';
import Fastify, { type FastifyPluginAsync, type RouteOptions } from 'fastify';
import type { TestApp } from './app.js';
import { hostileSegment, hostileText } from './hostile.js';

export interface PageRoute {
  method: string;
  url: string;
  fields: string[];
}

/** Every route a pages plugin registers, found by registering it on a probe: a new page is attacked as soon as it exists. */
export async function pageRoutes(t: TestApp, plugin: FastifyPluginAsync, prefix: string): Promise<PageRoute[]> {
  const routes: RouteOptions[] = [];
  const probe = Fastify();
  probe.decorate('services', t.services);
  probe.addHook('onRoute', (route) => void routes.push(route));
  await probe.register(plugin, { prefix });
  await probe.ready();
  await probe.close();
  return routes
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD').map((method) => ({ route, method })),
    )
    .map(({ route, method }) => ({
      method,
      url: route.url,
      fields: Object.keys(((route.schema as { body?: { properties?: object } } | undefined)?.body?.properties ?? {}) as object),
    }));
}

export interface Campaign {
  t: TestApp;
  routes: PageRoute[];
  cookie: string;
  csrf: string;
  /** Ids that exist, per path parameter name, tried beside hostile segments. */
  valid: Record<string, string>;
  queryNames: string[];
  fieldValues: string[];
  runs: number;
  /** What the space writes that a refused form must leave alone. */
  writes(): Promise<number>;
  /** Routes whose refusals are written down on purpose (failed sign-ins, stale decisions). */
  refusalsWritten(url: string, status: number): boolean;
}

/** Hostile paths, queries and forms on every route: a French page or a redirect, never a 5xx; a refused form writes nothing. */
export async function attackPages(c: Campaign): Promise<number> {
  let sent = 0;
  for (const route of c.routes) {
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const path = fc.tuple(...params.map((name) => fc.oneof(hostileSegment, fc.constant(c.valid[name] ?? 'x')))).map((values) => {
      let url = route.url;
      params.forEach((name, i) => (url = url.replace(`:${name}`, values[i]!)));
      return url;
    });
    const query = fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...c.queryNames), hostileSegment), hostileSegment), { maxLength: 3 })
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''));
    const field = fc.oneof(hostileText, fc.constantFrom(...c.fieldValues));
    const form = fc.tuple(
      fc.dictionary(fc.constantFrom(...route.fields.filter((f) => f !== '_csrf'), 'extra'), field, { maxKeys: 6 }),
      fc.oneof({ arbitrary: fc.constant(c.csrf), weight: 3 }, { arbitrary: hostileText, weight: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(path, query, form, async (url, q, [fields, token]) => {
        const before = await c.writes();
        const response = await c.t.app.inject({
          method: route.method as 'GET' | 'POST',
          url: url + q,
          headers: {
            cookie: c.cookie,
            accept: 'text/html',
            ...(route.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(route.method === 'POST' ? { payload: new URLSearchParams({ ...fields, _csrf: token }).toString() } : {}),
        });
        sent += 1;
        assert.ok(response.statusCode < 500, `${route.method} ${url}${q} → ${response.statusCode}: ${response.body.slice(0, 300)}`);
        assert.ok(
          [200, 201, 303, 400, 401, 403, 404, 409, 413, 415, 429].includes(response.statusCode),
          `${route.method} ${url} → ${response.statusCode}`,
        );
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode !== 303 && !type.startsWith('text/javascript'))
          assert.match(response.body, /^<!doctype html>\n<html lang="fr">/, `${url} → ${response.statusCode}`);
        if (route.method === 'POST' && ![201, 303].includes(response.statusCode) && !c.refusalsWritten(url, response.statusCode)) {
          assert.equal(await c.writes(), before, `${url} answered ${response.statusCode} but wrote something`);
        }
      }),
      { numRuns: c.runs, seed: process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined },
    );
  }
  return sent;
}
