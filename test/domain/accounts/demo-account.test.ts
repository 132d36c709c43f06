import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { databaseKind, isolatedTestDatabase } from '../../helpers/database.js';
import { postPublicForm } from '../../helpers/pro.js';
import { seedDemoAccount } from '../../../src/domain/accounts/demo-account.js';

test(`[${databaseKind}] the first start's demo agency has a pro-space user whose password, shown once, signs in; later starts make none`, async () => {
  const isolated = await isolatedTestDatabase();
  const t = await createTestApp({ db: isolated.db });
  try {
    const demo = await seedDemoAccount(isolated.db);
    assert.ok(demo);
    assert.equal(demo.proEmail, 'demo@example.invalid');
    assert.ok(demo.proPassword.length >= 16);
    const { rows } = await isolated.db.query<{ agency_id: string; role: string; password_hash: string }>(
      'SELECT agency_id, role, password_hash FROM users WHERE email = $1',
      [demo.proEmail],
    );
    assert.deepEqual(
      rows.map((row) => [row.agency_id, row.role]),
      [[demo.agencyId, 'admin']],
    );
    assert.ok(!rows[0]!.password_hash.includes(demo.proPassword), 'only a hash is stored');

    const wrong = await postPublicForm(t, '/pro/login', { email: demo.proEmail, password: 'not the password' });
    assert.notEqual(wrong.statusCode, 303);
    const signedIn = await postPublicForm(t, '/pro/login', { email: demo.proEmail, password: demo.proPassword });
    assert.equal(signedIn.statusCode, 303, signedIn.body.slice(0, 500));
    assert.equal(await seedDemoAccount(isolated.db), null, 'a database with an agency gets no second demo');
  } finally {
    await t.close();
    await isolated.close();
  }
});
