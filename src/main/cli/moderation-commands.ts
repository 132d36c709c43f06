import { formatWait, need, optionalWholeNumber, type OperatorCommand } from './operator-command-kit.js';

/** Approves or rejects the version the operator reviewed; `action` says which. */
const decide: OperatorCommand = async ({ client, values, action, args, out }) => {
  const serviceId = need(args[0], 'SERVICE_ID');
  const version = optionalWholeNumber(need(values.version, '--version (the version you reviewed, as the queue shows it)'), '--version', 1)!;
  const decision = action === 'reject' ? 'reject' : 'approve';
  const reason = decision === 'reject' ? need(values.reason, '--reason (shown to the agency)') : values.reason;
  const result = await client.decide(serviceId, { decision, version, ...(reason ? { reason } : {}) });
  out(
    `Listing ${result.serviceId} v${result.version} ${decision === 'approve' ? 'approved: it is public' : 'rejected'} (status ${result.status}).`,
    result,
  );
};

/** `listing-sync moderation ACTION`: the listings waiting for an operator. */
export const MODERATION_COMMANDS: ReadonlyMap<string, OperatorCommand> = new Map<string, OperatorCommand>([
  [
    'queue',
    async ({ client, values, out }) => {
      const result = await client.moderationQueue(optionalWholeNumber(values.limit, '--limit', 1));
      const lines = result.items.map((item) =>
        [
          `${item.serviceId} v${item.version}  ${item.agencyName} (${item.externalId}), waiting ${formatWait(item.waitingSeconds)}${item.approved ? `; v${item.approved.version} stays public meanwhile` : ''}`,
          `  ${item.flagged.title} — ${item.flagged.price} € — ${item.flagged.city}`,
          ...item.reasons.map((reason) => `  • ${reason.code}: ${reason.message}`),
        ].join('\n'),
      );
      out(lines.length ? [`${result.total} waiting, oldest first:`, ...lines].join('\n') : 'The moderation queue is empty.', result);
    },
  ],
  ['approve', decide],
  ['reject', decide],
]);
