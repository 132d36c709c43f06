import { keyLine, need, type OperatorCommand } from './operator-command-kit.js';

/** `listing-sync key ACTION`: an agency's API keys. */
export const KEY_COMMANDS: ReadonlyMap<string, OperatorCommand> = new Map<string, OperatorCommand>([
  [
    'create',
    async ({ client, values, out }) => {
      const result = await client.createKey(need(values.agency, '--agency'), {
        env: need(values.env, '--env'),
        ...(values.name ? { name: values.name } : {}),
        ...(values.scopes
          ? {
              scopes: values.scopes
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : {}),
      });
      out(`Key ${result.keyId} (${result.env}, ${result.scopes.join(' ')}), shown this once:\n  ${result.key}`, {
        keyId: result.keyId,
        key: result.key,
        env: result.env,
        scopes: result.scopes,
      });
    },
  ],
  [
    'list',
    async ({ client, values, out }) => {
      const result = await client.listKeys(need(values.agency, '--agency'));
      const lines = result.keys.map(keyLine);
      out(lines.length ? lines.join('\n') : 'No keys.', result);
    },
  ],
  [
    'revoke',
    async ({ client, args, out }) => {
      const result = await client.revokeKey(need(args[0], 'KEY_ID'));
      out(`Key ${result.keyId} revoked at ${result.revokedAt}; it stops working on the next request.`, result);
    },
  ],
]);
