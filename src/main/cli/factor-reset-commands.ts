import { need, type OperatorCommand } from './operator-command-kit.js';

/**
 * `listing-sync operator reset-factors` and `reset-user-factors`: the procedure for an account
 * that lost every second factor (docs/accounts.md). Run it only once the owner was recognised by
 * other means; the reason goes to the audit log.
 */
export const FACTOR_RESET_COMMANDS: ReadonlyArray<[string, OperatorCommand]> = [
  [
    'reset-factors',
    async ({ client, values, args, out }) => {
      const result = await client.resetFactors('operators', need(args[0], 'OPERATOR_ID or e-mail'), need(values.reason, '--reason'));
      out(
        `Operator ${result.accountId} (${result.email}): ${result.factorsRemoved} second factor(s) and every recovery code removed, sessions ended; they enrol again at their next sign-in.`,
        result,
      );
    },
  ],
  [
    'reset-user-factors',
    async ({ client, values, args, out }) => {
      const result = await client.resetFactors('users', need(args[0], 'USER_ID or e-mail'), need(values.reason, '--reason'));
      out(
        `Pro user ${result.accountId} (${result.email}): ${result.factorsRemoved} second factor(s) and every recovery code removed, sessions ended.`,
        result,
      );
    },
  ],
];
