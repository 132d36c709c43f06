import { AGENCY_COMMANDS } from './agency-commands.js';
import { KEY_COMMANDS } from './key-commands.js';
import { MODERATION_COMMANDS } from './moderation-commands.js';
import { OperatorClient, OperatorError, UnreachableServer } from './operator-client.js';
import { OPERATOR_ACCOUNT_COMMANDS } from './operator-account-commands.js';
import { UsageError, type OperatorIo, type OperatorOptions } from './operator-command-kit.js';
import { DEFAULT_SERVICE_URL } from './agency-connection.js';

/** The operator commands by group and action, as `listing-sync GROUP ACTION` names them. */
const COMMAND_GROUPS = new Map([
  ['agency', AGENCY_COMMANDS],
  ['key', KEY_COMMANDS],
  ['moderation', MODERATION_COMMANDS],
  ['operator', OPERATOR_ACCOUNT_COMMANDS],
]);

/** The operator commands: thin wrappers of the operator API (docs/decisions.md §10), with ADMIN_TOKEN. */
export async function runOperatorCommand(
  positionals: string[],
  values: OperatorOptions,
  env: NodeJS.ProcessEnv,
  io: OperatorIo,
  usage: string,
): Promise<number> {
  const { print, printError } = io;
  const [group = '', action = '', ...args] = positionals;
  const client = new OperatorClient(env.LISTING_SYNC_URL || DEFAULT_SERVICE_URL, env.ADMIN_TOKEN ?? '');
  const out = (human: string, data: unknown) => print(values.json ? JSON.stringify(data, null, 2) : human);
  try {
    if (!env.ADMIN_TOKEN) throw new UsageError('ADMIN_TOKEN is not set: the operator commands need it');
    const command = COMMAND_GROUPS.get(group)?.get(action);
    if (!command) throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    await command({ client, values, action, args, io, out });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      printError(`${error.message}\n\n${usage}`);
      return 2;
    }
    if (error instanceof OperatorError) {
      printError(
        values.json ? JSON.stringify(error.body, null, 2) : `Error ${error.status}: ${error.message}${operatorHint(error, client.url)}`,
      );
      return 1;
    }
    if (error instanceof UnreachableServer) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
}

/** What an operator can do about the answers that mean "wrong server or wrong token". */
function operatorHint(error: OperatorError, url: string): string {
  if (error.status === 401) return `\nADMIN_TOKEN must be the value the server at ${url} was started with.`;
  if (error.status === 404 && /^No route/.test(error.message)) {
    return `\nThe server at ${url} has its operator API off: start it with ADMIN_TOKEN set (16+ characters).`;
  }
  return '';
}
