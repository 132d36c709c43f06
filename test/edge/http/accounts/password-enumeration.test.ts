import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useIsolatedTestApp } from '../../../helpers/app.js';
import { addProUser } from '../../../helpers/smtp.js';
import { askReset, comparable } from './password-forms.js';

/**
 * « Mot de passe oublié » tells nobody whether an address has an account (docs/accounts.md): the
 * same status and page, and the same time, since the request does the same work for any address
 * (the account is looked up by the job). A database of its own, where no job runs: the
 * request alone is timed, and its jobs stay to be counted.
 */
const { t, agency } = useIsolatedTestApp();
const ROUNDS = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

test('known and unknown addresses get the same status, the same page and the same time', async () => {
  const tag = Math.random().toString(36).slice(2, 9);
  // An address of its own for each ask: the per-address limit would otherwise answer the later ones.
  const known = Array.from({ length: ROUNDS }, (_, i) => `connu-${tag}-${i}@agence.example`);
  const unknown = Array.from({ length: ROUNDS }, (_, i) => `inconnu-${tag}-${i}@agence.example`);
  for (const email of known) await addProUser(t.db, agency.agencyId, email);
  for (const email of [known[0]!, unknown[0]!]) await askReset(t, 'pro', email); // warm-up

  const times = { known: [] as number[], unknown: [] as number[] };
  const pages = { known: new Set<string>(), unknown: new Set<string>() };
  for (let i = 1; i < ROUNDS; i++) {
    // Interleaved, and in turn first, so a slow moment of the machine falls on both.
    const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const kind of order) {
      const email = (kind === 'known' ? known : unknown)[i]!;
      const started = process.hrtime.bigint();
      const answer = await askReset(t, 'pro', email);
      times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
      assert.equal(answer.statusCode, 200, answer.body.slice(0, 300));
      pages[kind].add(comparable(answer.body, email));
    }
  }
  assert.equal(pages.known.size, 1);
  assert.deepEqual([...pages.unknown], [...pages.known], 'the same page, word for word');
  const [knownMs, unknownMs] = [median(times.known), median(times.unknown)];
  console.log(`« Mot de passe oublié », median of ${ROUNDS - 1} asks: known ${knownMs.toFixed(2)} ms, unknown ${unknownMs.toFixed(2)} ms`);
  // The two paths run the same statements. The bound is loose enough for a busy machine, and
  // catches work done for one side only (a password hashed, a link and its mail written).
  assert.ok(Math.abs(knownMs - unknownMs) < Math.max(5, 0.5 * Math.min(knownMs, unknownMs)), `${knownMs} ms against ${unknownMs} ms`);

  const { rows } = await t.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM jobs WHERE name = 'account.password-reset' AND payload->>'email' LIKE $1`,
    [`%-${tag}-%`],
  );
  assert.equal(rows[0]!.count, 2 * ROUNDS, 'one job per ask, known or not');
});
