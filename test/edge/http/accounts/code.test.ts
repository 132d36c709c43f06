import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../../helpers/app.js';
import { databaseKind } from '../../../helpers/database.js';
import { codeAtStep } from '../../../helpers/back-office.js';
import { cookieOf, signUpAgency } from '../../../helpers/pro.js';
import { accountActions, addApp, browserOf, postCode, proPassword, recoveryCodesOn, steppedClock } from '../../../helpers/accounts.js';

/**
 * The second step of a sign-in, through HTTP (docs/accounts.md): after the right password, a code
 * of the account's app or one of its recovery codes; replays, codes off by two steps and reused
 * recovery codes refused; wrong codes counted per account, failures only.
 */
const clock = steppedClock();
const { t } = useTestApp({ now: clock.now });

async function enrolledUser() {
  const agency = await signUpAgency(t);
  await agency.browser.get('/pro/account/security');
  const enrolStep = clock.step();
  const app = await addApp(agency.browser, '/pro', enrolStep);
  assert.equal(app.confirmed.statusCode, 201, app.confirmed.body.slice(0, 500));
  const { rows } = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [agency.email]);
  return { ...agency, ...app, userId: rows[0]!.id, enrolStep };
}

const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

test(`[${databaseKind}] the password leads to the code page; wrong, replayed and two-steps-off codes are refused; the right code opens the space with a new session`, async () => {
  const user = await enrolledUser();
  const { answer, cookie: waiting } = await proPassword(t, user.email, user.password);
  assert.equal(answer.statusCode, 303);
  assert.equal(answer.headers.location, '/pro/login/code?next=%2Fpro');
  const held = await t.app.inject({ method: 'GET', url: '/pro/api-keys', headers: { cookie: waiting! } });
  assert.equal(held.statusCode, 303, 'half a sign-in opens nothing else');
  assert.equal(held.headers.location, '/pro/login/code?next=%2Fpro%2Fapi-keys');

  const S = user.enrolStep;
  for (const [code, why] of [
    [wrongCode(codeAtStep(user.secret, S + 1)), 'a wrong code'],
    [codeAtStep(user.secret, S + 2), 'a code two steps ahead'],
    [codeAtStep(user.secret, S - 2), 'a code two steps behind'],
    [codeAtStep(user.secret, S), 'the code the app was confirmed with, replayed'],
  ] as const) {
    const refused = await postCode(t, '/pro', waiting!, code);
    assert.equal(refused.statusCode, 401, why);
    assert.match(refused.body, /Code incorrect ou déjà utilisé/, why);
    assert.equal(cookieOf(refused, 'ls_pro'), undefined, `${why}: no session`);
  }
  const signedIn = await postCode(t, '/pro', waiting!, codeAtStep(user.secret, S + 1));
  assert.equal(signedIn.statusCode, 303);
  assert.equal(signedIn.headers.location, '/pro');
  const full = cookieOf(signedIn, 'ls_pro')!;
  assert.notEqual(full, waiting, 'a new session');
  assert.equal((await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie: full } })).statusCode, 200);
  const old = await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie: waiting! } });
  assert.match(String(old.headers.location), /^\/pro\/login\?/, 'the waiting session ended');

  // The same code again, from a thief who watched it typed, within its window.
  const again = await proPassword(t, user.email, user.password);
  assert.equal((await postCode(t, '/pro', again.cookie!, codeAtStep(user.secret, S + 1))).statusCode, 401, 'replayed');
  clock.advance(2);
  assert.equal((await postCode(t, '/pro', again.cookie!, codeAtStep(user.secret, S + 1))).statusCode, 401, 'older than the last');
  assert.equal((await postCode(t, '/pro', again.cookie!, codeAtStep(user.secret, S + 2))).statusCode, 303, 'the next step works');
});

test(`[${databaseKind}] recovery codes: each works once, typed loosely, audited; new codes replace the old`, async () => {
  const user = await enrolledUser();
  assert.equal(user.recoveryCodes.length, 10);
  assert.equal(new Set(user.recoveryCodes).size, 10);
  const [first, second, third] = user.recoveryCodes as [string, string, string];

  const one = await proPassword(t, user.email, user.password);
  const variant = await t.app.inject({ method: 'GET', url: '/pro/login/code?next=%2Fpro&secours=1', headers: { cookie: one.cookie! } });
  assert.match(variant.body, /Code de secours/);
  const used = await postCode(t, '/pro', one.cookie!, first, true);
  assert.equal(used.statusCode, 303);
  const two = await proPassword(t, user.email, user.password);
  const reused = await postCode(t, '/pro', two.cookie!, first, true);
  assert.equal(reused.statusCode, 401, 'a recovery code works once');
  assert.match(reused.body, /n’est pas valable ou a déjà servi/);
  assert.equal((await postCode(t, '/pro', two.cookie!, ` ${second.toUpperCase().replace('-', ' ')} `)).statusCode, 303, 'capitals, spaces');
  assert.deepEqual(
    (await accountActions(t, user.userId)).filter((a) => a === 'account.recovery_code_used'),
    ['account.recovery_code_used', 'account.recovery_code_used'],
  );

  const browser = browserOf(t, cookieOf(used, 'ls_pro')!);
  const page = await browser.get('/pro/account/security');
  assert.match(page.body, /8 codes de secours inutilisés/);
  assert.deepEqual(recoveryCodesOn(page.body), [], 'codes are shown once, never again');
  const remade = await browser.post('/pro/account/security/recovery-codes');
  assert.equal(remade.statusCode, 201);
  const fresh = recoveryCodesOn(remade.body);
  assert.equal(fresh.length, 10);
  const three = await proPassword(t, user.email, user.password);
  assert.equal((await postCode(t, '/pro', three.cookie!, third, true)).statusCode, 401, 'the old codes died with the new ones');
  assert.equal((await postCode(t, '/pro', three.cookie!, fresh[0]!, true)).statusCode, 303);
});

test(`[${databaseKind}] wrong codes are limited per account, failures only; the code page sends a full session on and a signed-out visitor to sign in`, async () => {
  const user = await enrolledUser();
  clock.advance(1);
  const { cookie } = await proPassword(t, user.email, user.password);
  const wrong = wrongCode(codeAtStep(user.secret, clock.step()));
  for (let i = 0; i < 9; i++) assert.equal((await postCode(t, '/pro', cookie!, wrong)).statusCode, 401);
  assert.equal((await postCode(t, '/pro', cookie!, codeAtStep(user.secret, clock.step()))).statusCode, 303, 'nine failures do not lock');
  const { cookie: next } = await proPassword(t, user.email, user.password);
  assert.equal((await postCode(t, '/pro', next!, wrong)).statusCode, 401, 'the tenth failure');
  const locked = await postCode(t, '/pro', next!, codeAtStep(user.secret, clock.step() + 1));
  assert.equal(locked.statusCode, 429, 'past ten failures even the right code waits: the success before was not counted');
  assert.ok(Number(locked.headers['retry-after']) > 0);

  const full = await t.app.inject({ method: 'GET', url: '/pro/login/code?next=%2Fpro%2Fcontacts', headers: { cookie: user.cookie! } });
  assert.equal(full.statusCode, 303);
  assert.equal(full.headers.location, '/pro/contacts');
  const away = await t.app.inject({
    method: 'GET',
    url: '/pro/login/code?next=https%3A%2F%2Fevil.example',
    headers: { cookie: user.cookie! },
  });
  assert.equal(away.headers.location, '/pro', 'next stays in the space');
  const nobody = await t.app.inject({ method: 'GET', url: '/pro/login/code' });
  assert.match(String(nobody.headers.location), /^\/pro\/login\?next=/);
});

test(`[${databaseKind}] the code form without its token is refused and the sign-in stays half done`, async () => {
  const user = await enrolledUser();
  clock.advance(1);
  const { cookie } = await proPassword(t, user.email, user.password);
  const forged = await t.app.inject({
    method: 'POST',
    url: '/pro/login/code',
    headers: { cookie: cookie!, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code: codeAtStep(user.secret, clock.step()), next: '/pro' }).toString(),
  });
  assert.equal(forged.statusCode, 403);
  assert.equal(cookieOf(forged, 'ls_pro'), undefined);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/pro', headers: { cookie: cookie! } })).headers.location,
    '/pro/login/code?next=%2Fpro',
  );
  assert.equal((await postCode(t, '/pro', cookie!, codeAtStep(user.secret, clock.step()))).statusCode, 303, 'the code was not spent');
});
