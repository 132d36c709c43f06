import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { createOperator, hiddenCsrf, signIn } from '../../helpers/back-office.js';
import { attackPages, pageRoutes } from '../../helpers/page-campaign.js';
import { v1Body } from '../../helpers/v1.js';
import { backOfficePages } from '../../../src/edge/back-office/routes.js';

/**
 * The back-office pages under hostile input, signed in as an operator, with a right or a wrong
 * CSRF token: never a 5xx, never anything but a French page or a redirect; a refused form
 * writes nothing to the audit log.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
const { t, agency } = useTestApp();

test(`[${databaseKind}] hostile paths, queries and forms on every back-office page: a page or a redirect, never a 5xx`, async () => {
  const operator = await createOperator(t);
  const browser = await signIn(t, operator);
  const csrf = hiddenCsrf((await browser.get('/admin')).body)!;
  const pending = (await t.call('POST', '/v1/listings', agency.live, v1Body('HOSTILE-BO', { dpe: null, ges: null }))).json()
    .serviceId as string;
  // Signing out would end the campaign's session; its own test is in back-office-pages.test.ts.
  const routes = (await pageRoutes(t, backOfficePages, '/admin')).filter((route) => route.url !== '/admin/logout');
  assert.ok(routes.length >= 15, `the probe found ${routes.length} routes`);
  const sent = await attackPages({
    t,
    routes,
    cookie: browser.cookie,
    csrf,
    valid: { agencyId: agency.agencyId, serviceId: pending, keyId: 'key_0000000000000000' },
    queryNames: ['fait', 'q', 'apres', 'avant', 'next'],
    fieldValues: ['approve', 'reject', '1', '2', 'reseau', 'gold', 'Motif'],
    runs: RUNS,
    // Entries this operator wrote: other test files write theirs into the same database meanwhile.
    writes: async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM operator_audit WHERE actor = $1', [operator.operatorId])).rows[0]!.n,
    refusalsWritten: (url, status) => status === 409 || url.startsWith('/admin/login'),
  });
  assert.ok(sent >= routes.length * RUNS);
});
