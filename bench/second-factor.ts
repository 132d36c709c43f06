import { performance } from 'node:perf_hooks';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { codeAtStep, createOperator, hiddenCsrf, stepAt } from '../test/helpers/back-office.js';
import { operatorLogin } from '../src/domain/operators/login.js';
import { hasSecondFactor } from '../src/domain/credentials/second-factors.js';
import { checkSecondFactor } from '../src/domain/account-security/second-factor-check.js';
import { fmt } from './lib.js';

const ROUNDS = Number(process.env.SECOND_FACTOR_ROUNDS ?? 40);
const ADDRESS = '192.0.2.10';
const cookieOf = (headers: Record<string, unknown>, name: string) =>
  ([] as string[])
    .concat((headers['set-cookie'] as string[] | string | undefined) ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/** A sign-in through HTTP, as a browser posts it: the password form, then (with an app) the code page and its code. */
async function signInOverHttp(t: TestApp, who: { email: string; password: string; secret: string | null }, now: Date) {
  const form = await t.app.inject({ method: 'GET', url: '/admin/login' });
  const posted = await t.app.inject({
    method: 'POST',
    url: '/admin/login',
    remoteAddress: ADDRESS,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookieOf(form.headers, 'ls_admin_login')! },
    payload: new URLSearchParams({ _csrf: hiddenCsrf(form.body)!, email: who.email, password: who.password }).toString(),
  });
  if (!who.secret) return posted.headers.location === '/admin';
  const cookie = cookieOf(posted.headers, 'ls_admin')!;
  const page = await t.app.inject({ method: 'GET', url: posted.headers.location as string, headers: { cookie } });
  const coded = await t.app.inject({
    method: 'POST',
    url: '/admin/login/code',
    remoteAddress: ADDRESS,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    payload: new URLSearchParams({ _csrf: hiddenCsrf(page.body)!, code: codeAtStep(who.secret, stepAt(now)), next: '/admin' }).toString(),
  });
  return coded.headers.location === '/admin';
}

/**
 * What a second factor adds to an operator's sign-in: the password alone against the password and
 * an app's code, measured in one process on the embedded database, alternately so that both see
 * the same machine. Once on the capabilities (the sign-in check, then the code's check), once
 * through HTTP (the forms, the waiting session and its renewal, and the code page's own view, a
 * request the password alone does not make). scrypt dominates both; the target is under 5 % more
 * with the code. Last, the code's check alone, many times over, against the password's sign-in:
 * on a shared machine the end-to-end medians move by several per cent from run to run.
 */
export async function benchSecondFactor(): Promise<Record<string, number>> {
  let at = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  const t = await createTestApp({ now: () => new Date(at) });
  try {
    const plain = { ...(await createOperator(t, 'mot de passe du banc', { secondFactor: false })), secret: null };
    const created = await createOperator(t, 'mot de passe du banc');
    const withApp = { ...created, secret: created.totpSecret! };
    const input = (who: { email: string; password: string }) => ({ email: who.email, password: who.password, address: ADDRESS });
    const capability = {
      password: async () => (await operatorLogin(t.db, input(plain), new Date(at))).ok,
      totp: async () => {
        const now = new Date(at);
        const signedIn = await operatorLogin(t.db, input(withApp), now);
        if (!signedIn.ok || !(await hasSecondFactor(t.db, { scope: 'admin', id: signedIn.operator.id }))) return false;
        return (await checkSecondFactor(t.db, { scope: 'admin', id: signedIn.operator.id }, codeAtStep(withApp.secret, stepAt(now)), now))
          .ok;
      },
    };
    const http = {
      password: () => signInOverHttp(t, plain, new Date(at)),
      totp: () => signInOverHttp(t, withApp, new Date(at)),
    };
    const figures: Record<string, number> = {};
    // Medians: the machine is shared, and one slow run must not decide.
    const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    const timed = async (run: () => Promise<boolean>, what: string) => {
      const started = performance.now();
      if (!(await run())) throw new Error(`${what} failed`);
      return performance.now() - started;
    };
    for (const [name, pair] of [
      ['capabilities', capability],
      ['http', http],
    ] as const) {
      const runs = { password: [] as number[], totp: [] as number[] };
      for (let round = -3; round < ROUNDS; round++) {
        // Each sign-in with the app in a step of its own: the service accepts a step once.
        at += 30_000;
        for (const kind of round % 2 === 0 ? (['password', 'totp'] as const) : (['totp', 'password'] as const)) {
          const spent = await timed(pair[kind], `${name}: the ${kind} sign-in`);
          if (round >= 0) runs[kind].push(spent);
        }
      }
      const [password, totp] = [median(runs.password), median(runs.totp)];
      const extra = (totp / password - 1) * 100;
      console.log(
        `  ${name.padEnd(13)} password alone ${fmt(password, 1)} ms · with the app's code ${fmt(totp, 1)} ms · ${extra >= 0 ? '+' : ''}${fmt(extra, 1)} % (target < 5 %)`,
      );
      Object.assign(figures, { [`${name}PasswordMs`]: password, [`${name}TotpMs`]: totp, [`${name}ExtraPercent`]: extra });
    }
    // The code's check alone, many times: what the second factor adds, without scrypt's noise around it.
    const steps: number[] = [];
    for (let round = 0; round < ROUNDS * 5; round++) {
      at += 30_000;
      const now = new Date(at);
      steps.push(
        await timed(
          async () =>
            (await checkSecondFactor(t.db, { scope: 'admin', id: created.operatorId }, codeAtStep(withApp.secret, stepAt(now)), now)).ok,
          'the code check',
        ),
      );
    }
    const step = median(steps);
    const share = (step / figures.capabilitiesPasswordMs!) * 100;
    console.log(`  the code's check alone ${fmt(step, 2)} ms: ${fmt(share, 1)} % of the password's sign-in (target < 5 %)`);
    Object.assign(figures, { codeCheckMs: step, codeCheckPercent: share });
    return figures;
  } finally {
    await t.close();
  }
}
