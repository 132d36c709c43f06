import { Type } from 'typebox';
import { LEAD_STATUSES } from '../../../domain/leads/conversation-model.js';
import { LEAD_LIMITS, MESSAGE_MAX } from '../../../domain/leads/lead-input.js';
import { LIMITS } from '../../../domain/listings/limits.js';
import { PUBLIC_TEXT_GROWTH, ServiceId } from '../../../domain/listings/schemas.js';
import { Count, DateTime, IdString, Int, Text } from '../../../platform/validation/schema-types.js';
import { CURSOR_MAX, CURSOR_PATTERN } from './cursor.js';
import { LEAD_EXAMPLE, REPLY_EXAMPLE, SANDBOX_LEAD_EXAMPLE, STATUS_EXAMPLE } from './examples.js';

/** JSON Schemas of the leads operations of v1 (docs/decisions.md §16): they validate, serialise and document. */

export const LEADS_PAGE_MAX = 200;
/** No bound is enforced on a thread; no conversation comes near this one. */
const THREAD_MAX = 100_000;

export const LeadId = IdString('lead', { description: 'The conversation’s id (lead_…).' });
export const LeadIdParams = Type.Object({ leadId: LeadId });

const Status = (description?: string) => Type.String({ enum: [...LEAD_STATUSES], ...(description ? { description } : {}) });

const leadFields = {
  leadId: LeadId,
  serviceId: ServiceId('The listing the visitor wrote about.'),
  externalId: Text(LIMITS.externalId, { description: 'The listing’s externalId when the visitor wrote: find it in the CRM by it.' }),
  listingTitle: Text(LIMITS.title * PUBLIC_TEXT_GROWTH, { description: 'The listing’s title as the public site shows it.' }),
  status: Status(
    'new: a visitor message the agency has not dealt with (a conversation is new again when the visitor writes again); read: opened; ' +
      'replied: the agency answered last; archived: filed away by the agency.',
  ),
  visitor: Type.Object({
    name: Text(LEAD_LIMITS.name),
    email: Text(LEAD_LIMITS.email),
    phone: Type.Union([Text(LEAD_LIMITS.phone), Type.Null()], { description: 'null when not given, or erased by the visitor’s deletion.' }),
  }),
  receivedAt: DateTime({ description: 'When the visitor’s first message arrived.' }),
  lastMessageAt: DateTime({ description: 'When the latest message of either side was written: what since filters on.' }),
  messageCount: Count(THREAD_MAX),
  unreadCount: Count(THREAD_MAX, {
    description:
      'The visitor’s messages written after the agency last opened the conversation in the pro space, answered it or filed it as read.',
  }),
  deletedByVisitor: Type.Union([DateTime(), Type.Null()], {
    description:
      'When the visitor deleted the conversation: its messages and the phone are erased, name and e-mail stay, and it takes no more replies (409).',
  }),
};

export const Lead = Type.Object(leadFields, {
  additionalProperties: false,
  description: 'A conversation between a visitor and the agency.',
});

const LeadMessage = Type.Object(
  {
    messageId: IdString('lmsg', { description: 'The message’s id (lmsg_…).' }),
    author: Type.String({ enum: ['visitor', 'agency'] }),
    writtenBy: Type.Union(
      [
        Type.Object({
          kind: Type.String({ enum: ['user', 'key'], description: 'user: a pro user of the agency; key: one of its API keys.' }),
          id: Text(64, { description: 'The pro user’s id (usr_…) or the key’s id (key_…).' }),
          label: Text(254, { description: 'The pro user’s e-mail or the key’s name.' }),
        }),
        Type.Null(),
      ],
      { description: 'Who wrote an agency message; null for the visitor’s. The visitor never sees it.' },
    ),
    text: Text(MESSAGE_MAX, { description: 'Plain text as written, line breaks included; never HTML.' }),
    createdAt: DateTime(),
  },
  { additionalProperties: false },
);

export const LeadThread = Type.Object(
  { ...leadFields, messages: Type.Array(LeadMessage, { maxItems: THREAD_MAX, description: 'Oldest first.' }) },
  { additionalProperties: false, description: 'A conversation with its messages, oldest first.', examples: [LEAD_EXAMPLE] },
);

export const LeadsQuery = Type.Object(
  {
    status: Type.Optional(Status('Only the conversations with this status.')),
    since: Type.Optional(
      DateTime({
        description:
          'ISO 8601 with an offset, years 0001 to 9999: only the conversations whose latest message (either side) was written at or after it. ' +
          'A + offset may be sent URL-encoded (%2B) or as it is.',
      }),
    ),
    after: Type.Optional(
      Type.String({
        pattern: CURSOR_PATTERN,
        maxLength: CURSOR_MAX,
        description: 'nextCursor of the previous page, as it was given: opaque, never build one.',
      }),
    ),
    limit: Int(1, LEADS_PAGE_MAX, { default: 50 }),
  },
  { additionalProperties: false },
);

export const LeadList = Type.Object({
  data: Type.Array(Lead, { maxItems: LEADS_PAGE_MAX }),
  nextCursor: Type.Union([Type.String({ maxLength: CURSOR_MAX }), Type.Null()], {
    description: 'Pass it as after for the next page; null on the last page.',
  }),
});

export const ReplyBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: MESSAGE_MAX,
      description:
        'Plain text (no HTML: it is shown as typed), at most 5,000 characters once blank lines at the start and blank space at the end are trimmed; not blank.',
    }),
  },
  { additionalProperties: false, examples: [REPLY_EXAMPLE] },
);

export const LeadStatusBody = Type.Object({ status: Status() }, { additionalProperties: false, examples: [STATUS_EXAMPLE] });

export const SandboxLeadBody = Type.Object(
  {
    serviceId: ServiceId('One of the agency’s sandbox listings.'),
    name: Type.String({ minLength: 1, maxLength: LEAD_LIMITS.name, description: 'The pretend visitor’s name.' }),
    email: Type.String({
      minLength: 1,
      maxLength: LEAD_LIMITS.email,
      description: 'The pretend visitor’s e-mail. Nothing is sent to it: the sandbox keeps its mails in the mailbox.',
    }),
    message: Type.String({ minLength: 1, maxLength: MESSAGE_MAX, description: 'The first message, plain text.' }),
  },
  { additionalProperties: false, examples: [SANDBOX_LEAD_EXAMPLE] },
);
