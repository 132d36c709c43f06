/**
 * A lead is a conversation between a visitor and an agency about one listing (docs/decisions.md
 * §16): the visitor's contact opens it, then either side writes. The agency files it under a
 * status; the visitor may delete it, erasing its messages.
 */

export const LEAD_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Who writes on the agency's side: one of its pro users, or a CRM through one of its API keys. */
export type AgencyAuthor = { kind: 'user'; userId: string } | { kind: 'key'; keyId: string };

export interface Visitor {
  name: string;
  email: string;
  phone: string | null;
}

/** A conversation as the agency's lists show it (the inbox, `GET /v1/leads`). */
export interface LeadSummary {
  leadId: string;
  serviceId: string;
  /** The listing's externalId when the visitor wrote, so the agency finds it in its CRM. */
  externalId: string;
  listingTitle: string;
  status: LeadStatus;
  /** Once the visitor deleted the conversation, name and e-mail stay and the phone is erased. */
  visitor: Visitor;
  receivedAt: Date;
  lastMessageAt: Date;
  messageCount: number;
  /** The visitor's messages the agency has not opened yet. */
  unreadCount: number;
  deletedByVisitor: Date | null;
}

export interface LeadMessage {
  messageId: string;
  author: 'visitor' | 'agency';
  /** For the agency's messages: the pro user (by e-mail) or the API key (by name) that wrote it. */
  writtenBy: { kind: 'user'; id: string; label: string } | { kind: 'key'; id: string; label: string } | null;
  text: string;
  createdAt: Date;
}

export interface LeadThread extends LeadSummary {
  messages: LeadMessage[];
}
