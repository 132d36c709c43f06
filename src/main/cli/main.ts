#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=16 --heap-growing-percent=100 --expose-gc
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { ConfigError } from '../../platform/config.js';
import { runOperatorCommand } from './operator-commands.js';
import type { IntegratorIo, IntegratorOptions } from './integrator.js';
import type { LeadsOptions } from './leads-export.js';
import { Interrupts } from './interrupts.js';

const USAGE = `listing-sync — the listing synchronisation service and its operator commands

Usage:
  listing-sync serve                                  start the server (configuration from the environment; it runs background jobs too unless WORKER=0)
  listing-sync worker                                 run background jobs only, without HTTP (same configuration; several may share one DATABASE_URL)
  listing-sync agency create --name N --plan solo|agence|reseau [--email E] [--siren S] [--verified]
  listing-sync agency list [--name TEXT]              agencies, optionally those whose name contains TEXT
  listing-sync agency show AGENCY_ID                  an agency, its plan and its keys
  listing-sync agency verify AGENCY_ID                verify the business registration; issues the first LIVE key
  listing-sync agency plan AGENCY_ID solo|agence|reseau
  listing-sync agency verifications [--limit N]       agencies awaiting their business-registration check, oldest first, with the 48 hours
  listing-sync agency refuse AGENCY_ID --reason R     refuse the registration (the agency reads R in its pro space)
  listing-sync agency suspend AGENCY_ID --reason R    refuse its keys and take its listings off the public site (reversible)
  listing-sync agency reinstate AGENCY_ID             lift a suspension
  listing-sync key create --agency AGENCY_ID --env live|test [--name N] [--scopes listings:read,listings:write,…]
  listing-sync key list --agency AGENCY_ID
  listing-sync key revoke KEY_ID
  listing-sync moderation queue [--limit N]          listings waiting for an operator, oldest first, with the reasons
  listing-sync moderation approve SERVICE_ID --version V [--reason R]
  listing-sync moderation reject SERVICE_ID --version V --reason R
                                                      decide the version V you reviewed (a listing changed since is refused)
  listing-sync operator create --email E [--password-stdin]
                                                      a back-office operator; the password is generated and shown once, or read from stdin
  listing-sync operator list
  listing-sync operator disable OPERATOR_ID|EMAIL     their sessions stop at once; their audit entries stay
  listing-sync operator reset-factors OPERATOR_ID|EMAIL --reason R
  listing-sync operator reset-user-factors USER_ID|EMAIL --reason R
                                                      an account that lost every second factor, its owner recognised: factors and
                                                      recovery codes removed, sessions ended, R in the audit log

Integrator commands (the agency's key in LISTING_SYNC_KEY; --sandbox with a TEST key):
  listing-sync push FILE [--rejected OUT] [--concurrency N (default 2)]
                                                      push a JSON array or NDJSON file of listings (ingestion fields), 500 per request;
                                                      rejected listings and malformed lines go to OUT (default FILE.rejected.ndjson)
  listing-sync reconcile FILE                         what differs between the file and the service: missing, extra, different (by contentHash)
  listing-sync sync FILE [--force]                    full sync: push FILE in a sync session, then withdraw the listings on the market
                                                      it did not name (refused above 20 % of them unless --force)
  listing-sync import poliris FILE [--force]         import a passerelle file (the Poliris ZIP agency software sends to portals, or
                                                      Annonces.csv alone) as the agency's whole set, and print its report
  listing-sync sync --abandon                         abandon the agency's open sync session (nothing withdrawn), left by a sync that was killed
  listing-sync leads [--status new|read|replied|archived (default new)] [--since DATE-TIME] [--mark-read]
                                                      the agency's conversations with visitors as NDJSON on stdout, oldest first: one
                                                      conversation with its messages a line (GET /v1/leads/{leadId}); --since keeps those
                                                      whose latest message is at or after DATE-TIME (ISO 8601); --mark-read files each
                                                      exported new conversation as read once its line is written, so the next run of the
                                                      default export does not give it again (scopes leads:read, and leads:write to mark)
  Ctrl+C (or kill) stops cleanly: no more of the file is read, what was sent is answered, a sync abandons its session, and
  a summary says what was sent and what was not; a second Ctrl+C stops at once.
  Exit codes: 0 done; 1 some listings rejected or lines malformed (reconcile: differences);
  2 bad usage or a file that is not JSON (nothing sent); 3 the service refused or could not be reached;
  130 stopped by Ctrl+C (SIGINT), 143 by SIGTERM.

Operator and integrator commands talk to a running server: LISTING_SYNC_URL (default
http://127.0.0.1:8080); operator commands with Bearer ADMIN_TOKEN. Add --json for
machine-readable output.`;

type Print = (line: string) => void;

const INTEGRATOR_COMMANDS = new Set(['push', 'reconcile', 'sync', 'leads']);

/** The options of every command; each command reads those it knows. */
const OPTIONS = {
  json: { type: 'boolean', default: false },
  name: { type: 'string' },
  plan: { type: 'string' },
  email: { type: 'string' },
  siren: { type: 'string' },
  verified: { type: 'boolean', default: false },
  agency: { type: 'string' },
  env: { type: 'string' },
  scopes: { type: 'string' },
  sandbox: { type: 'boolean', default: false },
  force: { type: 'boolean', default: false },
  abandon: { type: 'boolean', default: false },
  rejected: { type: 'string' },
  concurrency: { type: 'string' },
  reason: { type: 'string' },
  version: { type: 'string' },
  limit: { type: 'string' },
  status: { type: 'string' },
  since: { type: 'string' },
  'mark-read': { type: 'boolean', default: false },
  'password-stdin': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const satisfies ParseArgsOptionsConfig;

export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  print: Print,
  printError: Print,
  progress: IntegratorIo['progress'] = { write: (text: string) => printError(text.replace(/\n$/, '')) },
  readSecret: () => Promise<string> = readStdin,
  interrupts?: Interrupts,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    printError(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [group, action] = positionals;
  if (values.help || !group) {
    print(USAGE);
    return group || values.help ? 0 : 2;
  }
  if (group === 'serve' || group === 'worker') return runProcess(group, env, printError);
  if (group === 'import') {
    const { runPolirisImport } = await import('./poliris-import.js');
    return runPolirisImport(action, positionals[2], values, env, { print, printError, progress, interrupts });
  }
  if (INTEGRATOR_COMMANDS.has(group)) return runIntegrator(group, action, values, env, { print, printError, progress, interrupts });
  return runOperatorCommand(positionals, values, env, { print, printError, readSecret }, USAGE);
}

/** `serve` or `worker`: -1 while it runs (it stops on a signal), else the exit code of its failure to start. */
async function runProcess(group: 'serve' | 'worker', env: NodeJS.ProcessEnv, printError: Print): Promise<number> {
  const { startServer, startWorker, stopOnSignals, listenFailure } = await import('../server.js');
  const { loadConfig } = await import('../../platform/config.js');
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      printError(`Configuration error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  try {
    const started = group === 'serve' ? startServer(config) : startWorker(config);
    // Handled from the start: a signal that comes while the banner is printed stops the server cleanly too.
    stopOnSignals({ stop: async () => (await started).stop() });
    await started;
    return -1; // keep running
  } catch (error) {
    const oneLine =
      group === 'serve'
        ? listenFailure(error, config)
        : listenFailure(error, { host: config.host, port: config.metricsPort ?? 0 }, 'METRICS_PORT');
    if (!oneLine) throw error;
    printError(oneLine);
    return 1;
  }
}

/** `push`, `reconcile`, `sync` and `leads`, with the agency's key. */
async function runIntegrator(
  group: string,
  action: string | undefined,
  values: IntegratorOptions & LeadsOptions,
  env: NodeJS.ProcessEnv,
  io: IntegratorIo,
): Promise<number> {
  const { runIntegratorCommand, IntegratorUsageError } = await import('./integrator.js');
  try {
    if (group === 'leads') {
      if (action !== undefined) throw new IntegratorUsageError(`leads takes no argument (${action}): listing-sync leads [--status S] …`);
      const { runLeadsExport } = await import('./leads-export.js');
      return await runLeadsExport(values, env, io);
    }
    return await runIntegratorCommand(group as 'push' | 'reconcile' | 'sync', action, values, env, io);
  } catch (error) {
    if (!(error instanceof IntegratorUsageError)) throw error;
    io.printError(`${error.message}\n\n${USAGE}`);
    return 2;
  }
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

// Through npm's bin symlink argv[1] is the link, so compare real paths.
const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const integrator = INTEGRATOR_COMMANDS.has(process.argv[2] ?? '');
  // Taken from the start, so that Ctrl+C never kills a push or a sync without its summary and its abandoned session.
  const interrupts = integrator ? Interrupts.ofProcess() : undefined;
  if (integrator) {
    // A push holds little at a time (a few requests of 500 listings) but makes garbage fast:
    // V8's heuristics for small devices keep its RSS far lower than the default heap growth,
    // for a little more collection time (docs/benchmarks.md, the client benchmark). They are
    // read at each collection, so setting them now takes effect; this process runs no server.
    setFlagsFromString('--optimize-for-size');
  }
  runCli(
    process.argv.slice(2),
    process.env,
    (line) => process.stdout.write(line + '\n'),
    (line) => process.stderr.write(line + '\n'),
    process.stderr,
    readStdin,
    interrupts,
  ).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
      // Stopped by a signal: requests still in flight (a second Ctrl+C does not wait for them) must not keep the process.
      if (interrupts?.signal) process.exit(code);
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
