import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { renderDocument } from '../html/render.js';
import { findKeptMail, listKeptMails } from '../../platform/mail/store.js';
import { MailboxPage, MailPage, NoSuchMailPage } from './views/mailbox-pages.js';

/**
 * `/dev/mailbox`: mounted only while SMTP_URL is unset (src/main/app.ts), so a service that
 * sends real mail shows nobody its mails here; with SMTP_URL the address is a plain 404.
 */
export const devMailboxPages: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  const hide = { schema: { hide: true } };
  const page = (reply: FastifyReply, status: number, element: JSX.Element) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderDocument(element));

  app.get('/', hide, async (_request, reply) => page(reply, 200, <MailboxPage mails={await listKeptMails(db)} />));

  app.get('/:id', hide, async (request, reply) => {
    const { id } = request.params as { id: string };
    const mail = /^[1-9]\d{0,15}$/.test(id) ? await findKeptMail(db, Number(id)) : null;
    return mail ? page(reply, 200, <MailPage mail={mail} />) : page(reply, 404, <NoSuchMailPage />);
  });
};
