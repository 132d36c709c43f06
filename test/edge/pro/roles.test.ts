import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type RouteOptions } from 'fastify';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { cookieOf, inviteByMail, postPublicForm, proBrowser, signUpAgency } from '../../helpers/pro.js';
import { proPages } from '../../../src/edge/pro/pro-routes.js';

/**
 * Roles are declared on the routes (docs/decisions.md §13): every page an agency's admins keep to
 * themselves (keys, webhooks, the team) refuses an agent with a 403 page and changes nothing,
 * whatever the route; listings, leads and the dashboard stay open to agents.
 */
const { t } = useTestApp();

/** The pro space's routes as registered, with the role each declares. */
async function declaredRoutes() {
  const routes: RouteOptions[] = [];
  const probe = Fastify();
  probe.decorate('services', t.services);
  probe.addHook('onRoute', (route) => void routes.push(route));
  await probe.register(proPages, { prefix: '/pro' });
  await probe.ready();
  await probe.close();
  return routes.flatMap((route) =>
    ([] as string[])
      .concat(route.method)
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method: method as 'GET' | 'POST',
        url: route.url,
        role: (route.config as { role?: string } | undefined)?.role,
        fields: Object.keys((route.schema as { body?: { properties?: object } } | undefined)?.body?.properties ?? {}),
      })),
  );
}

test(`[${databaseKind}] an agent is refused every route declared for admins (403, nothing written) and opens the others`, async () => {
  const agency = await signUpAgency(t);
  const { email: agentEmail, link } = await inviteByMail(t, agency.browser, 'agent');
  const joined = await postPublicForm(t, link, { password: 'mot de passe agent' });
  assert.equal(joined.statusCode, 303);
  const agent = proBrowser(t, cookieOf(joined, 'ls_pro')!);

  const routes = await declaredRoutes();
  const adminOnly = routes.filter((route) => route.role === 'admin');
  // The rule a user sees: keys, webhooks, the passerelle (imports and automatic sending), the team and the team's
  // two-factor requirement are the admins'; nothing else is.
  for (const route of routes) {
    const admins = /^\/pro\/(api-keys|webhooks|team|passerelle|imports)(\/|$)|^\/pro\/account\/security\/team$/.test(route.url);
    assert.equal(route.role === 'admin', admins, `${route.method} ${route.url} ${admins ? 'must be' : 'must not be'} declared for admins`);
  }
  assert.ok(adminOnly.length >= 14, `${adminOnly.length} admin routes`);

  const { rows } = await t.db.query<{ key: string; usr: string }>(
    'SELECT (SELECT id FROM api_keys WHERE agency_id = $1 LIMIT 1) AS key, (SELECT id FROM users WHERE agency_id = $1 AND role = $2) AS usr',
    [agency.agencyId, 'admin'],
  );
  const params: Record<string, string> = {
    keyId: rows[0]!.key,
    userId: rows[0]!.usr,
    webhookId: 'whk_0000000000000000',
    deliveryId: 'msg_0000000000000000',
    importId: 'imp_0000000000000000',
    invitationId: 'inv_0000000000000000',
  };
  const values: Record<string, string> = {
    name: 'clé d’un agent',
    env: 'test',
    url: 'https://crm.example/hook',
    role: 'admin',
    required: 'oui',
  };
  const writes = async () =>
    (
      await t.db.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM api_keys WHERE agency_id = $1 AND revoked_at IS NULL) || '/' || (SELECT count(*) FROM users WHERE agency_id = $1)
           || '/' || (SELECT count(*) FROM invitations WHERE agency_id = $1) || '/' || (SELECT count(*) FROM webhook_endpoints WHERE agency_id = $1) AS n`,
        [agency.agencyId],
      )
    ).rows[0]!.n;
  const before = await writes();

  for (const route of adminOnly) {
    const url = route.url.replace(/:(\w+)/g, (_, name: string) => params[name]!);
    const fields = Object.fromEntries(route.fields.filter((field) => field in values).map((field) => [field, values[field]!]));
    const refused = route.method === 'GET' ? await agent.get(url) : await agent.post(url, fields);
    assert.equal(refused.statusCode, 403, `${route.method} ${url}: ${refused.body.slice(0, 300)}`);
    assert.match(refused.body, /Réservé aux administrateurs/, `${route.method} ${url}`);
    assert.ok(refused.body.includes(agentEmail), 'the refusal page shows who is signed in');
  }
  assert.equal(await writes(), before, 'an agent changed nothing');

  for (const url of ['/pro', '/pro/listings', '/pro/contacts']) assert.equal((await agent.get(url)).statusCode, 200, url);
  assert.equal((await agency.browser.get('/pro/webhooks')).statusCode, 200, 'the admin opens what the agent may not');
});
