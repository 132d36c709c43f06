import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import ipaddr from 'ipaddr.js';
import { renderDocument } from '../html/render.js';
import { findKeptMail, listKeptMails } from '../../platform/mail/store.js';
import { MailboxPage, MailPage, NoSuchMailPage } from './views/mailbox-pages.js';

/** A peer on this machine: 127.0.0.0/8, ::1, or an IPv4 loopback written as IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'loopback';
}

/**
 * `/dev/mailbox`: mounted only while SMTP_URL is unset (src/main/app.ts), so a service that
 * sends real mail shows nobody its mails here; with SMTP_URL the address is a plain 404.
 * Its mails hold visitors' details and private links that act as credentials: it answers this
 * machine only (the connection's peer, and the client a trusted proxy names, both loopback)
 * unless DEV_MAILBOX_OPEN=1. Anyone else gets the plain 404 of an address that does not exist.
 */
export const devMailboxPages: FastifyPluginAsync = async (app) => {
  const { db, config } = app.services;
  const hide = { schema: { hide: true } };
  const page = (reply: FastifyReply, status: number, element: JSX.Element) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderDocument(element));

  if (!config.devMailboxOpen) {
    app.addHook('onRequest', async (request, reply) => {
      if (isLoopback(request.socket.remoteAddress) && isLoopback(request.ip)) return;
      return reply.callNotFound();
    });
  }

  app.get('/', hide, async (_request, reply) => page(reply, 200, <MailboxPage mails={await listKeptMails(db)} />));

  app.get('/:id', hide, async (request, reply) => {
    const { id } = request.params as { id: string };
    const mail = /^[1-9]\d{0,15}$/.test(id) ? await findKeptMail(db, Number(id)) : null;
    return mail ? page(reply, 200, <MailPage mail={mail} />) : page(reply, 404, <NoSuchMailPage />);
  });
};
