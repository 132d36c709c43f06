/**
 * Example bodies of the leads operations, shown in the OpenAPI description (and sent as they
 * are by the Postman collection: they must be accepted).
 */
export const REPLY_EXAMPLE = { text: 'Bonjour,\nle bien est toujours disponible. Une visite samedi à 10 h vous conviendrait-elle ?' };
export const STATUS_EXAMPLE = { status: 'archived' as const };
export const SANDBOX_LEAD_EXAMPLE = {
  serviceId: 'lst_0Ph3kR9cY2pQ8vN1dF6gH',
  name: 'Camille Martin',
  email: 'camille.martin@example.org',
  message: 'Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine.',
};

export const LEAD_EXAMPLE = {
  leadId: 'lead_0Ph3kS1mN4bV7cX2zA5qW',
  serviceId: 'lst_0Ph3kR9cY2pQ8vN1dF6gH',
  externalId: 'CRM-2001',
  listingTitle: 'T3 lumineux avec balcon',
  status: 'replied',
  visitor: { name: 'Camille Martin', email: 'camille.martin@example.org', phone: '06 12 34 56 78' },
  receivedAt: '2026-11-24T09:41:07.120Z',
  lastMessageAt: '2026-11-24T10:02:13.480Z',
  messageCount: 2,
  unreadCount: 0,
  deletedByVisitor: null,
  messages: [
    {
      messageId: 'lmsg_0Ph3kS1mN4bV7cX2zA5qW',
      author: 'visitor',
      writtenBy: null,
      text: SANDBOX_LEAD_EXAMPLE.message,
      createdAt: '2026-11-24T09:41:07.120Z',
    },
    {
      messageId: 'lmsg_0Ph3kU2wQ7eR4tY1uI8oP',
      author: 'agency',
      writtenBy: { kind: 'key', id: 'key_0Ph3kT5rE8wU3yI6oP9aS', label: 'CRM' },
      text: REPLY_EXAMPLE.text,
      createdAt: '2026-11-24T10:02:13.480Z',
    },
  ],
};
