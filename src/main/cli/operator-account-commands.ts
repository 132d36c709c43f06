import { randomBytes } from 'node:crypto';
import { need, type OperatorCommand } from './operator-command-kit.js';
import { FACTOR_RESET_COMMANDS } from './factor-reset-commands.js';

/** `listing-sync operator ACTION`: the back-office operators' accounts. */
export const OPERATOR_ACCOUNT_COMMANDS: ReadonlyMap<string, OperatorCommand> = new Map<string, OperatorCommand>([
  [
    'create',
    async ({ client, values, io, out }) => {
      const email = need(values.email, '--email');
      const generated = !values['password-stdin'];
      const password = generated ? randomBytes(15).toString('base64url') : (await io.readSecret()).replace(/\r?\n$/, '');
      const result = await client.createOperator(email, password);
      out(
        generated
          ? `Operator ${result.operatorId} (${result.email}) created. Password, shown this once:\n  ${password}\nThey sign in at /admin/login.`
          : `Operator ${result.operatorId} (${result.email}) created. They sign in at /admin/login.`,
        generated ? { ...result, password } : result,
      );
    },
  ],
  [
    'list',
    async ({ client, out }) => {
      const result = await client.listOperators();
      const lines = result.operators.map(
        (o) => `${o.operatorId}  ${o.email.padEnd(32)} ${o.disabledAt ? `disabled ${o.disabledAt}` : `since ${o.createdAt}`}`,
      );
      out(lines.length ? lines.join('\n') : 'No operators: create one with `listing-sync operator create --email E`.', result);
    },
  ],
  [
    'disable',
    async ({ client, args, out }) => {
      const result = await client.disableOperator(need(args[0], 'OPERATOR_ID or e-mail'));
      out(`Operator ${result.operatorId} (${result.email}) disabled at ${result.disabledAt}; their sessions stop working at once.`, result);
    },
  ],
  ...FACTOR_RESET_COMMANDS,
]);
