#!/usr/bin/env -S node --max-semi-space-size=16 --heap-growing-percent=100
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { ConfigError } from '../config.js';
import { OperatorClient, OperatorError, UnreachableServer } from './operator-client.js';
import type { IntegratorIo } from './integrator.js';

const USAGE = `listing-sync — the listing synchronisation service and its operator commands

Usage:
  listing-sync serve                                  start the server (configuration from the environment; it runs background jobs too unless WORKER=0)
  listing-sync worker                                 run background jobs only, without HTTP (same configuration; several may share one DATABASE_URL)
  listing-sync agency create --name N --plan solo|agence|reseau [--email E] [--siren S] [--verified]
  listing-sync agency list [--name TEXT]              agencies, optionally those whose name contains TEXT
  listing-sync agency show AGENCY_ID                  an agency, its plan and its keys
  listing-sync agency verify AGENCY_ID                verify the business registration; issues the first LIVE key
  listing-sync agency plan AGENCY_ID solo|agence|reseau
  listing-sync key create --agency AGENCY_ID --env live|test [--name N] [--scopes listings:read,listings:write,…]
  listing-sync key list --agency AGENCY_ID
  listing-sync key revoke KEY_ID
  listing-sync moderation queue [--limit N]          listings waiting for an operator, oldest first, with the reasons
  listing-sync moderation approve SERVICE_ID --version V [--reason R]
  listing-sync moderation reject SERVICE_ID --version V --reason R
                                                      decide the version V you reviewed (a listing changed since is refused)

Integrator commands (the agency's key in LISTING_SYNC_KEY; --sandbox with a TEST key):
  listing-sync push FILE [--rejected OUT] [--concurrency N (default 2)]
                                                      push a JSON array or NDJSON file of listings (spec 2.1), 500 per request;
                                                      rejected listings and malformed lines go to OUT (default FILE.rejected.ndjson)
  listing-sync reconcile FILE                         what differs between the file and the service: missing, extra, different (by contentHash)
  listing-sync sync FILE [--force]                    full sync: push FILE in a sync session, then withdraw the listings on the market
                                                      it did not name (refused above 20 % of them unless --force)
  Exit codes: 0 done; 1 some listings rejected or lines malformed (reconcile: differences);
  2 bad usage or a file that is not JSON (nothing sent); 3 the service refused or could not be reached.

Operator and integrator commands talk to a running server: LISTING_SYNC_URL (default
http://127.0.0.1:8080); operator commands with Bearer ADMIN_TOKEN. Add --json for
machine-readable output.`;

type Print = (line: string) => void;

const INTEGRATOR_COMMANDS = new Set(['push', 'reconcile', 'sync']);

export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  print: Print,
  printError: Print,
  progress: IntegratorIo['progress'] = { write: (text: string) => printError(text.replace(/\n$/, '')) },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
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
        rejected: { type: 'string' },
        concurrency: { type: 'string' },
        reason: { type: 'string' },
        version: { type: 'string' },
        limit: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    printError(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    print(USAGE);
    return group || values.help ? 0 : 2;
  }
  if (group === 'serve' || group === 'worker') {
    const { startServer, startWorker, stopOnSignals, listenFailure } = await import('../server.js');
    const { loadConfig } = await import('../config.js');
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
      stopOnSignals(group === 'serve' ? await startServer(config) : await startWorker(config));
      return -1; // keep running
    } catch (error) {
      const oneLine = listenFailure(error, config);
      if (!oneLine) throw error;
      printError(oneLine);
      return 1;
    }
  }

  if (INTEGRATOR_COMMANDS.has(group)) {
    const { runIntegratorCommand, IntegratorUsageError } = await import('./integrator.js');
    try {
      return await runIntegratorCommand(group as 'push' | 'reconcile' | 'sync', action, values, env, { print, printError, progress });
    } catch (error) {
      if (!(error instanceof IntegratorUsageError)) throw error;
      printError(`${error.message}\n\n${USAGE}`);
      return 2;
    }
  }

  const client = new OperatorClient(env.LISTING_SYNC_URL || 'http://127.0.0.1:8080', env.ADMIN_TOKEN ?? '');
  const out = (human: string, data: unknown) => print(values.json ? JSON.stringify(data, null, 2) : human);
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new UsageError(`missing ${what}`);
    return value;
  };

  try {
    if (!env.ADMIN_TOKEN) throw new UsageError('ADMIN_TOKEN is not set: the operator commands need it');
    if (group === 'agency' && action === 'create') {
      const result = await client.createAgency({
        name: need(values.name, '--name'),
        plan: need(values.plan, '--plan'),
        ...(values.email ? { email: values.email } : {}),
        ...(values.siren ? { siren: values.siren } : {}),
        verified: values.verified,
      });
      out(
        [
          `Agency ${result.agencyId} created${values.verified ? ' (verified)' : ' (not verified yet: TEST key only)'}.`,
          'Keys, shown this once:',
          `  TEST  ${result.keys.test}`,
          `  LIVE  ${result.keys.live ?? '(issued when the agency is verified)'}`,
        ].join('\n'),
        { agencyId: result.agencyId, keys: result.keys },
      );
    } else if (group === 'agency' && action === 'list') {
      const result = await client.listAgencies(values.name);
      const lines = result.agencies.map(
        (a) => `${a.agencyId}  ${a.name.padEnd(24)} ${a.plan.padEnd(7)} ${a.verified ? 'verified    ' : 'not verified'}  created ${a.createdAt}`,
      );
      out(lines.length ? lines.join('\n') : values.name ? `No agency whose name contains "${values.name}".` : 'No agencies.', result);
    } else if (group === 'agency' && action === 'show') {
      const agencyId = need(rest[0], 'AGENCY_ID');
      const agency = await client.getAgency(agencyId);
      const { keys } = await client.listKeys(agencyId);
      const keyLines = keys.map(
        (k) => `  ${k.keyId}  ${k.display.padEnd(20)} ${k.env.padEnd(4)}  ${k.name.padEnd(20)} ${k.revokedAt ? 'revoked ' + k.revokedAt : 'last used ' + (k.lastUsedAt ?? 'never')}`,
      );
      out(
        [
          `${agency.agencyId}  ${agency.name}`,
          `  plan      ${agency.plan}`,
          `  verified  ${agency.verified ? `yes, ${agency.verifiedAt}` : 'no: TEST keys only until `listing-sync agency verify`'}`,
          `  email     ${agency.email ?? '—'}`,
          `  siren     ${agency.siren ?? '—'}`,
          `  created   ${agency.createdAt}`,
          `Keys (full values are shown only when created):`,
          ...(keyLines.length ? keyLines : ['  none']),
          `A new key: listing-sync key create --agency ${agency.agencyId} --env ${agency.verified ? 'live' : 'test'}`,
        ].join('\n'),
        { ...agency, keys },
      );
    } else if (group === 'agency' && action === 'verify') {
      const result = await client.verifyAgency(need(rest[0], 'AGENCY_ID'));
      out(
        result.liveKey ? `Agency ${result.agencyId} verified. LIVE key, shown this once:\n  ${result.liveKey}` : `Agency ${result.agencyId} was already verified.`,
        result,
      );
    } else if (group === 'agency' && action === 'plan') {
      const result = await client.setPlan(need(rest[0], 'AGENCY_ID'), need(rest[1], 'PLAN'));
      out(`Agency ${result.agencyId} is now on plan ${result.plan}.`, result);
    } else if (group === 'key' && action === 'create') {
      const result = await client.createKey(need(values.agency, '--agency'), {
        env: need(values.env, '--env'),
        ...(values.name ? { name: values.name } : {}),
        ...(values.scopes ? { scopes: values.scopes.split(',').map((s) => s.trim()).filter(Boolean) } : {}),
      });
      out(`Key ${result.keyId} (${result.env}, ${result.scopes.join(' ')}), shown this once:\n  ${result.key}`, {
        keyId: result.keyId,
        key: result.key,
        env: result.env,
        scopes: result.scopes,
      });
    } else if (group === 'key' && action === 'list') {
      const result = await client.listKeys(need(values.agency, '--agency'));
      const lines = result.keys.map(
        (k) =>
          `${k.keyId}  ${k.display.padEnd(20)} ${k.env.padEnd(4)}  ${k.name.padEnd(20)} ${k.revokedAt ? 'revoked ' + k.revokedAt : 'last used ' + (k.lastUsedAt ?? 'never')}`,
      );
      out(lines.length ? lines.join('\n') : 'No keys.', result);
    } else if (group === 'key' && action === 'revoke') {
      const result = await client.revokeKey(need(rest[0], 'KEY_ID'));
      out(`Key ${result.keyId} revoked at ${result.revokedAt}; it stops working on the next request.`, result);
    } else if (group === 'moderation' && action === 'queue') {
      const result = await client.moderationQueue(values.limit ? Number(values.limit) : undefined);
      const lines = result.items.map((item) =>
        [
          `${item.serviceId} v${item.version}  ${item.agencyName} (${item.externalId}), waiting ${formatWait(item.waitingSeconds)}${item.approved ? `; v${item.approved.version} stays public meanwhile` : ''}`,
          `  ${item.flagged.title} — ${item.flagged.price} € — ${item.flagged.city}`,
          ...item.reasons.map((reason) => `  • ${reason.code}: ${reason.message}`),
        ].join('\n'),
      );
      out(lines.length ? [`${result.total} waiting, oldest first:`, ...lines].join('\n') : 'The moderation queue is empty.', result);
    } else if (group === 'moderation' && (action === 'approve' || action === 'reject')) {
      const serviceId = need(rest[0], 'SERVICE_ID');
      const version = Number(need(values.version, '--version (the version you reviewed, as the queue shows it)'));
      if (!Number.isInteger(version) || version < 1) throw new UsageError('--version must be a whole number from 1');
      const reason = action === 'reject' ? need(values.reason, '--reason (shown to the agency)') : values.reason;
      const result = await client.decide(serviceId, { decision: action, version, ...(reason ? { reason } : {}) });
      out(`Listing ${result.serviceId} v${result.version} ${action === 'approve' ? 'approved: it is public' : 'rejected'} (status ${result.status}).`, result);
    } else {
      throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      printError(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof OperatorError) {
      printError(values.json ? JSON.stringify(error.body, null, 2) : `Error ${error.status}: ${error.message}${operatorHint(error, client.url)}`);
      return 1;
    }
    if (error instanceof UnreachableServer) {
      printError(error.message);
      return 1;
    }
    throw error;
  }
}

class UsageError extends Error {}

const formatWait = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${Math.floor(seconds / 60)} min` : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;

/** What an operator can do about the answers that mean "wrong server or wrong token". */
function operatorHint(error: OperatorError, url: string): string {
  if (error.status === 401) return `\nADMIN_TOKEN must be the value the server at ${url} was started with.`;
  if (error.status === 404 && /^No route/.test(error.message)) {
    return `\nThe server at ${url} has its operator API off: start it with ADMIN_TOKEN set (16+ characters).`;
  }
  return '';
}

// Through npm's bin symlink argv[1] is the link, so compare real paths.
const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (INTEGRATOR_COMMANDS.has(process.argv[2] ?? '')) {
    // A push holds little at a time (a few requests of 500 listings) but makes garbage fast.
    // V8's default heap growth let it reach 200 MB of RSS over a 100,000-listing file, against
    // about 120 MB with its heuristics for small devices, for some 3 s more of collection on
    // one core. They are read at each collection, so setting them now takes effect; this
    // process runs no server.
    setFlagsFromString('--optimize-for-size');
  }
  runCli(process.argv.slice(2), process.env, (line) => process.stdout.write(line + '\n'), (line) => process.stderr.write(line + '\n'), process.stderr).then(
    (code) => {
      if (code >= 0) process.exitCode = code;
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
