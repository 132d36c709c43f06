import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';
import { codeAtStep, stepAt } from '../../helpers/back-office.js';
import { confirmTotp, startTotpEnrolment, verifyTotp } from '../../../src/domain/credentials/totp.js';
import { makeRecoveryCodes, useRecoveryCode } from '../../../src/domain/credentials/recovery-codes.js';
import { newId } from '../../../src/platform/db/ids.js';

/** Each step and each recovery code is accepted once, even by requests that arrive together. */
const { t } = useTestApp();

test(`[${databaseKind}] one code sent by many requests at once is accepted once; one recovery code too`, async () => {
  const principal = { scope: 'pro' as const, id: newId('usr') };
  const now = new Date();
  const step = stepAt(now);
  const pending = await startTotpEnrolment(t.db, principal, now);
  assert.equal(await confirmTotp(t.db, principal, codeAtStep(pending.secret, step - 1), 'Téléphone', now), true);
  assert.equal(await verifyTotp(t.db, principal, codeAtStep(pending.secret, step - 1), now), false, 'the confirming code is spent');
  const code = codeAtStep(pending.secret, step);
  const answers = await Promise.all(Array.from({ length: 8 }, () => verifyTotp(t.db, principal, code, now)));
  assert.deepEqual(answers.filter(Boolean).length, 1, 'accepted once');

  const [recovery] = await makeRecoveryCodes(t.db, principal, now);
  const spent = await Promise.all(Array.from({ length: 8 }, () => useRecoveryCode(t.db, principal, recovery!, now)));
  assert.equal(spent.filter(Boolean).length, 1, 'used once');
  assert.equal(await useRecoveryCode(t.db, { scope: 'admin', id: principal.id }, recovery!, now), false, 'another space’s account');
});
