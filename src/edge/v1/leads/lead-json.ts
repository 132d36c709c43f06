import type { AgencyEnv } from '../../../domain/tenant.js';
import type { LeadSummary, LeadThread } from '../../../domain/leads/conversation-model.js';

/** What the leads operations share: their security, and a conversation as v1 shows it. */

export const security = [{ bearerAuth: [] }];

const iso = (date: Date) => date.toISOString();

export const leadJson = (lead: LeadSummary) => ({
  leadId: lead.leadId,
  serviceId: lead.serviceId,
  externalId: lead.externalId,
  listingTitle: lead.listingTitle,
  status: lead.status,
  visitor: lead.visitor,
  receivedAt: iso(lead.receivedAt),
  lastMessageAt: iso(lead.lastMessageAt),
  messageCount: lead.messageCount,
  unreadCount: lead.unreadCount,
  deletedByVisitor: lead.deletedByVisitor ? iso(lead.deletedByVisitor) : null,
});

export const threadJson = (thread: LeadThread) => ({
  ...leadJson(thread),
  messages: thread.messages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
});

/** Where a conversation is read: the Location of what a write created in it. */
export const leadLocation = (baseUrl: string, tenant: AgencyEnv, leadId: string) =>
  `${baseUrl}${tenant.env === 'test' ? '/sandbox' : ''}/v1/leads/${leadId}`;
