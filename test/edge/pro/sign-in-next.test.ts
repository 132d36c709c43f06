import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { postPublicForm, signUpAgency } from '../../helpers/pro.js';

/** After signing in, `next` leads back into the pro space only: never to another site (an open redirect). */
const { t } = useTestApp();

const OFF_SITE = [
  'https://evil.example/pro',
  '//evil.example/pro',
  '/pro//evil.example',
  '/pro\\evil.example',
  '/proevil',
  '/admin',
  'javascript:alert(1)',
  // Dot segments: the browser resolves them out of the space.
  '/pro/../admin',
  '/pro/..',
  '/pro/./../admin/audit',
  '/pro/%2e%2e/admin',
  '/pro/.%2E/admin?x=1',
];

test(`[${databaseKind}] the pro sign-in keeps next inside /pro: an off-site or outside address becomes /pro, on the form and after signing in`, async () => {
  const agency = await signUpAgency(t);
  for (const [i, next] of OFF_SITE.entries()) {
    const form = await t.app.inject({ method: 'GET', url: `/pro/login?next=${encodeURIComponent(next)}` });
    assert.equal(form.statusCode, 200);
    assert.match(form.body, /name="next" value="\/pro"/, next);
    const signedIn = await postPublicForm(
      t,
      '/pro/login',
      { email: agency.email, password: agency.password, next },
      `198.51.100.${200 + i}`,
    );
    assert.equal(signedIn.statusCode, 303, next);
    assert.equal(signedIn.headers.location, '/pro', next);
  }
  const inside = await postPublicForm(
    t,
    '/pro/login',
    { email: agency.email, password: agency.password, next: '/pro/leads?page=2' },
    '198.51.100.199',
  );
  assert.equal(inside.headers.location, '/pro/leads?page=2', 'a path of the space is kept');
});
