import { formatWait, keyLine, need, optionalWholeNumber, type OperatorCommand } from './operator-command-kit.js';

/** `listing-sync agency ACTION`: agencies, their plan and their business-registration check. */
export const AGENCY_COMMANDS: ReadonlyMap<string, OperatorCommand> = new Map<string, OperatorCommand>([
  [
    'create',
    async ({ client, values, out }) => {
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
    },
  ],
  [
    'list',
    async ({ client, values, out }) => {
      const result = await client.listAgencies(values.name);
      const lines = result.agencies.map(
        (a) =>
          `${a.agencyId}  ${a.name.padEnd(24)} ${a.plan.padEnd(7)} ${a.verified ? 'verified    ' : 'not verified'}  created ${a.createdAt}`,
      );
      out(lines.length ? lines.join('\n') : values.name ? `No agency whose name contains "${values.name}".` : 'No agencies.', result);
    },
  ],
  [
    'show',
    async ({ client, args, out }) => {
      const agencyId = need(args[0], 'AGENCY_ID');
      const agency = await client.getAgency(agencyId);
      const { keys } = await client.listKeys(agencyId);
      const keyLines = keys.map((k) => `  ${keyLine(k)}`);
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
    },
  ],
  [
    'verify',
    async ({ client, args, out }) => {
      const result = await client.verifyAgency(need(args[0], 'AGENCY_ID'));
      out(
        result.liveKey
          ? `Agency ${result.agencyId} verified. LIVE key, shown this once:\n  ${result.liveKey}`
          : `Agency ${result.agencyId} was already verified.`,
        result,
      );
    },
  ],
  [
    'plan',
    async ({ client, args, out }) => {
      const result = await client.setPlan(need(args[0], 'AGENCY_ID'), need(args[1], 'PLAN'));
      out(`Agency ${result.agencyId} is now on plan ${result.plan}.`, result);
    },
  ],
  [
    'verifications',
    async ({ client, values, out }) => {
      const result = await client.verifications(optionalWholeNumber(values.limit, '--limit', 1));
      const lines = result.items.map(
        (item) =>
          `${item.agency.agencyId}  ${item.agency.name.padEnd(24)} SIREN ${item.agency.siren ?? '—'} (${item.siren})  ` +
          (item.overdue ? `OVERDUE by ${formatWait(-item.secondsLeft)}` : `${formatWait(item.secondsLeft)} left`),
      );
      out(
        lines.length
          ? [
              `${result.total} awaiting verification (${result.overdue} overdue), oldest first:`,
              ...lines,
              ...(result.total > lines.length ? [`… and ${result.total - lines.length} more, newer (--limit up to 500 shows more).`] : []),
            ].join('\n')
          : 'No agency awaits verification.',
        result,
      );
    },
  ],
  [
    'refuse',
    async ({ client, values, args, out }) => {
      const result = await client.refuseVerification(need(args[0], 'AGENCY_ID'), need(values.reason, '--reason (shown to the agency)'));
      out(`Agency ${result.agencyId}: verification refused. Its pro space shows the reason.`, result);
    },
  ],
  [
    'suspend',
    async ({ client, values, args, out }) => {
      const result = await client.suspend(need(args[0], 'AGENCY_ID'), need(values.reason, '--reason'));
      out(`Agency ${result.agencyId} suspended: its keys are refused and its listings are off the public site.`, result);
    },
  ],
  [
    'reinstate',
    async ({ client, args, out }) => {
      const result = await client.reinstate(need(args[0], 'AGENCY_ID'));
      out(`Agency ${result.agencyId} reinstated: its keys work again and its public listings are back.`, result);
    },
  ],
]);
