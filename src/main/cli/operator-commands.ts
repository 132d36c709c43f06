import { randomBytes } from 'node:crypto';
import { OperatorClient, OperatorError, UnreachableServer } from './operator-client.js';

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

/** The operator commands: thin wrappers of the operator API (docs/decisions.md §10), with ADMIN_TOKEN. */
export async function runOperatorCommand(
  positionals: string[],
  values: OperatorOptions,
  env: NodeJS.ProcessEnv,
  io: OperatorIo,
  usage: string,
): Promise<number> {
  const { print, printError } = io;
  const [group, action, ...rest] = positionals;
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
        (a) =>
          `${a.agencyId}  ${a.name.padEnd(24)} ${a.plan.padEnd(7)} ${a.verified ? 'verified    ' : 'not verified'}  created ${a.createdAt}`,
      );
      out(lines.length ? lines.join('\n') : values.name ? `No agency whose name contains "${values.name}".` : 'No agencies.', result);
    } else if (group === 'agency' && action === 'show') {
      const agencyId = need(rest[0], 'AGENCY_ID');
      const agency = await client.getAgency(agencyId);
      const { keys } = await client.listKeys(agencyId);
      const keyLines = keys.map(
        (k) =>
          `  ${k.keyId}  ${k.display.padEnd(20)} ${k.env.padEnd(4)}  ${k.name.padEnd(20)} ${k.revokedAt ? 'revoked ' + k.revokedAt : 'last used ' + (k.lastUsedAt ?? 'never')}`,
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
        result.liveKey
          ? `Agency ${result.agencyId} verified. LIVE key, shown this once:\n  ${result.liveKey}`
          : `Agency ${result.agencyId} was already verified.`,
        result,
      );
    } else if (group === 'agency' && action === 'plan') {
      const result = await client.setPlan(need(rest[0], 'AGENCY_ID'), need(rest[1], 'PLAN'));
      out(`Agency ${result.agencyId} is now on plan ${result.plan}.`, result);
    } else if (group === 'key' && action === 'create') {
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
      out(
        `Listing ${result.serviceId} v${result.version} ${action === 'approve' ? 'approved: it is public' : 'rejected'} (status ${result.status}).`,
        result,
      );
    } else if (group === 'agency' && action === 'verifications') {
      const result = await client.verifications();
      const lines = result.items.map(
        (item) =>
          `${item.agency.agencyId}  ${item.agency.name.padEnd(24)} SIREN ${item.agency.siren ?? '—'} (${item.siren})  ` +
          (item.overdue ? `OVERDUE by ${formatWait(-item.secondsLeft)}` : `${formatWait(item.secondsLeft)} left`),
      );
      out(
        lines.length
          ? [`${result.total} awaiting verification (${result.overdue} overdue), oldest first:`, ...lines].join('\n')
          : 'No agency awaits verification.',
        result,
      );
    } else if (group === 'agency' && action === 'refuse') {
      const result = await client.refuseVerification(need(rest[0], 'AGENCY_ID'), need(values.reason, '--reason (shown to the agency)'));
      out(`Agency ${result.agencyId}: verification refused. Its pro space shows the reason.`, result);
    } else if (group === 'agency' && action === 'suspend') {
      const result = await client.suspend(need(rest[0], 'AGENCY_ID'), need(values.reason, '--reason'));
      out(`Agency ${result.agencyId} suspended: its keys are refused and its listings are off the public site.`, result);
    } else if (group === 'agency' && action === 'reinstate') {
      const result = await client.reinstate(need(rest[0], 'AGENCY_ID'));
      out(`Agency ${result.agencyId} reinstated: its keys work again and its public listings are back.`, result);
    } else if (group === 'operator' && action === 'create') {
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
    } else if (group === 'operator' && action === 'list') {
      const result = await client.listOperators();
      const lines = result.operators.map(
        (o) => `${o.operatorId}  ${o.email.padEnd(32)} ${o.disabledAt ? `disabled ${o.disabledAt}` : `since ${o.createdAt}`}`,
      );
      out(lines.length ? lines.join('\n') : 'No operators: create one with `listing-sync operator create --email E`.', result);
    } else if (group === 'operator' && action === 'disable') {
      const result = await client.disableOperator(need(rest[0], 'OPERATOR_ID or e-mail'));
      out(`Operator ${result.operatorId} (${result.email}) disabled at ${result.disabledAt}; their sessions stop working at once.`, result);
    } else {
      throw new UsageError(`unknown command: ${positionals.join(' ')}`);
    }
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

class UsageError extends Error {}

const formatWait = (seconds: number) =>
  seconds < 60
    ? `${seconds} s`
    : seconds < 3600
      ? `${Math.floor(seconds / 60)} min`
      : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;

/** What an operator can do about the answers that mean "wrong server or wrong token". */
function operatorHint(error: OperatorError, url: string): string {
  if (error.status === 401) return `\nADMIN_TOKEN must be the value the server at ${url} was started with.`;
  if (error.status === 404 && /^No route/.test(error.message)) {
    return `\nThe server at ${url} has its operator API off: start it with ADMIN_TOKEN set (16+ characters).`;
  }
  return '';
}
