import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { recordAudit } from '../audit/audit-log.js';
import { notFound, refuse, refuseFields, type Outcome } from '../../platform/outcome.js';
import { hashPassword } from '../credentials/password.js';
import { passwordProblem } from '../credentials/password-strength.js';
import { normaliseEmail } from '../credentials/email.js';
import { endSessionsOf } from '../sessions/session-store.js';

export interface Operator {
  id: string;
  email: string;
  createdAt: Date;
  disabledAt: Date | null;
}

interface OperatorRow {
  id: string;
  email: string;
  password_hash: string;
  created_at: Date;
  disabled_at: Date | null;
}

const toOperator = (row: OperatorRow): Operator => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at,
  disabledAt: row.disabled_at,
});

export async function createOperator(db: Database, input: { email: string; password: string }, actor: string): Promise<Outcome<Operator>> {
  const email = normaliseEmail(input.email);
  const weakness = passwordProblem(input.password, [email]);
  if (weakness) return refuseFields('validation_error', [{ field: 'password', message: weakness }]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OperatorRow>(
      `INSERT INTO operators (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING *`,
      [newId('opr'), email, passwordHash],
    );
    if (!rows[0])
      return refuse('conflict', `An operator with the e-mail ${email} already exists`, [
        { field: 'email', message: 'already used by another operator' },
      ]);
    const operator = toOperator(rows[0]);
    await recordAudit(tx, { actor, action: 'operator.create', targetType: 'operator', targetId: operator.id, after: { email } });
    return { ok: true, value: operator };
  });
}

/** Disables an operator: their sessions stop working at once, their audit entries stay. */
export async function disableOperator(db: Database, operatorId: string, actor: string): Promise<Outcome<Operator>> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OperatorRow>(
      `UPDATE operators SET disabled_at = coalesce(disabled_at, now()) WHERE id = $1 OR email = $1 RETURNING *`,
      [operatorId.includes('@') ? normaliseEmail(operatorId) : operatorId],
    );
    if (!rows[0]) return notFound('Operator');
    const operator = toOperator(rows[0]);
    await endSessionsOf(tx, 'admin', operator.id);
    await recordAudit(tx, {
      actor,
      action: 'operator.disable',
      targetType: 'operator',
      targetId: operator.id,
      after: { disabledAt: operator.disabledAt?.toISOString() },
    });
    return { ok: true, value: operator };
  });
}

export async function listOperators(db: Queryable): Promise<Operator[]> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators ORDER BY created_at, id');
  return rows.map(toOperator);
}

/** The operator and their password hash, for a login; disabled operators are returned too (the caller refuses them). */
export async function findOperatorForLogin(db: Queryable, email: string): Promise<(Operator & { passwordHash: string }) | null> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators WHERE email = $1', [normaliseEmail(email)]);
  return rows[0] ? { ...toOperator(rows[0]), passwordHash: rows[0].password_hash } : null;
}

export async function findOperator(db: Queryable, id: string): Promise<Operator | null> {
  const { rows } = await db.query<OperatorRow>('SELECT * FROM operators WHERE id = $1', [id]);
  return rows[0] ? toOperator(rows[0]) : null;
}
