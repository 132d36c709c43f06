import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { createOperator, hiddenCsrf, passSecondFactor } from '../../helpers/back-office.js';

/** After signing in, `next` leads back into the back-office only: never to another site (an open redirect). */
const { t } = useTestApp();

const OFF_SITE = [
  'https://evil.example/admin',
  '//evil.example/admin',
  '/admin//evil.example',
  '/admin\\evil.example',
  '/adminevil',
  '/pro',
  'javascript:alert(1)',
  // Dot segments: the browser resolves them out of the space.
  '/admin/../pro',
  '/admin/..',
  '/admin/%2E%2e/pro/api-keys',
];

async function signIn(email: string, password: string, next: string, address: string) {
  const form = await t.app.inject({ method: 'GET', url: `/admin/login?next=${encodeURIComponent(next)}` });
  const cookie = ([] as string[])
    .concat(form.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('ls_admin_login='))!
    .split(';')[0]!;
  const passwordAnswer = await t.app.inject({
    method: 'POST',
    url: '/admin/login',
    remoteAddress: address,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ _csrf: hiddenCsrf(form.body)!, email, password, next }).toString(),
  });
  // The code page carries `next` on to the end of the sign-in.
  const posted = await passSecondFactor(t, passwordAnswer, email, address);
  return { form, posted };
}

test(`[${databaseKind}] the back-office sign-in keeps next inside /admin: an off-site or outside address becomes /admin, on the form and after signing in`, async () => {
  const operator = await createOperator(t);
  for (const [i, next] of OFF_SITE.entries()) {
    const { form, posted } = await signIn(operator.email, operator.password, next, `203.0.113.${200 + i}`);
    assert.match(form.body, /name="next" value="\/admin"/, next);
    assert.equal(posted.statusCode, 303, next);
    assert.equal(posted.headers.location, '/admin', next);
  }
  const { posted } = await signIn(operator.email, operator.password, '/admin/moderation?apres=x', '203.0.113.199');
  assert.equal(posted.headers.location, '/admin/moderation?apres=x', 'a path of the space is kept');
});
