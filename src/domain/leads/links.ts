/**
 * Where each side reads a conversation: the addresses mails link to and routes answer at.
 * The visitor's page is reached by its private token alone; the agency's sits in the pro space.
 */
export const visitorConversationPath = (token: string) => `/messages/${token}`;

export const PRO_INBOX_PATH = '/pro/contacts';

export const proConversationPath = (leadId: string) => `${PRO_INBOX_PATH}/${leadId}`;
