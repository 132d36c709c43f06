import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { failWith } from '../http/errors.js';
import { ADMIN_TOKEN_ACTOR } from '../../domain/audit/audit-log.js';
import { findAccount, findAccountByEmail } from '../../domain/account-security/directory.js';
import { resetSecondFactors } from '../../domain/account-security/enrolment.js';
import { idRegexSource } from '../../platform/db/ids.js';

export const FACTOR_RESET_REASON_MAX = 500;
const ReasonBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: FACTOR_RESET_REASON_MAX }) },
  { additionalProperties: false },
);
const accountRef = (prefix: 'opr' | 'usr') =>
  Type.Object({ account: Type.String({ minLength: 3, maxLength: 254, pattern: `^(${idRegexSource(prefix)}|[^\\s@]+@[^\\s@]+)$` }) });

/**
 * The operators' procedure for an account that lost every second factor (docs/accounts.md): once
 * its owner has been recognised by other means, every factor and recovery code goes, its
 * sessions end, and the audit log keeps the reason. An operator of the back-office
 * (`/operators/…`) or a pro user (`/users/…`), named by id or e-mail.
 */
export const factorResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  const routes = [
    ['/operators/:account/reset-factors', 'admin', accountRef('opr')],
    ['/users/:account/reset-factors', 'pro', accountRef('usr')],
  ] as const;
  for (const [path, scope, params] of routes)
    app.post(path, { schema: { params, body: ReasonBody, hide: true } }, async (request) => {
      const ref = request.params.account;
      const account = ref.includes('@') ? await findAccountByEmail(db, scope, ref) : await findAccount(db, scope, ref);
      if (!account) throw failWith({ ok: false, code: 'not_found', detail: 'No such account' });
      const reset = await resetSecondFactors(db, account, { actor: ADMIN_TOKEN_ACTOR, reason: request.body.reason });
      if (!reset.ok) throw failWith(reset);
      return { scope, accountId: account.id, email: account.email, factorsRemoved: reset.value.removed };
    });
};
