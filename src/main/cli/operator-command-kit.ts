import type { KeyView, OperatorClient } from './operator-client.js';
import { readWholeNumber, wholeNumberRule } from './whole-number.js';

type Print = (line: string) => void;

export interface OperatorIo {
  print: Print;
  printError: Print;
  /** Reads a secret piped on standard input (`--password-stdin`). */
  readSecret: () => Promise<string>;
}

export interface OperatorOptions {
  json?: boolean;
  name?: string;
  plan?: string;
  email?: string;
  siren?: string;
  verified?: boolean;
  agency?: string;
  env?: string;
  scopes?: string;
  reason?: string;
  version?: string;
  limit?: string;
  'password-stdin'?: boolean;
}

/** What an operator command is given: the operator API's client, the options and what follows `GROUP ACTION`. */
export interface CommandContext {
  client: OperatorClient;
  values: OperatorOptions;
  action: string;
  /** The positionals after the group and the action (ids, a plan). */
  args: readonly string[];
  io: OperatorIo;
  /** Prints the human text, or the data as JSON with --json. */
  out: (human: string, data: unknown) => void;
}

/** One operator command (`listing-sync GROUP ACTION …`); a UsageError is shown with the usage. */
export type OperatorCommand = (context: CommandContext) => Promise<void>;

/** A command line the commands cannot run: the message and the usage are printed, exit code 2. */
export class UsageError extends Error {}

/** The value of a required option or argument, named `what` in the message when it is missing. */
export function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`missing ${what}`);
  return value;
}

/** An optional number option (`--limit`): undefined when absent, a UsageError when it is not a whole number in bounds. */
export function optionalWholeNumber(value: string | undefined, flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (value === undefined) return undefined;
  const read = readWholeNumber(value, min, max);
  if (read === null) throw new UsageError(wholeNumberRule(flag, min, max));
  return read;
}

export const formatWait = (seconds: number) =>
  seconds < 60
    ? `${seconds} s`
    : seconds < 3600
      ? `${Math.floor(seconds / 60)} min`
      : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;

/** One line of a key, as `agency show` and `key list` print it. */
export const keyLine = (k: KeyView) =>
  `${k.keyId}  ${k.display.padEnd(20)} ${k.env.padEnd(4)}  ${k.name.padEnd(20)} ${k.revokedAt ? 'revoked ' + k.revokedAt : 'last used ' + (k.lastUsedAt ?? 'never')}`;
