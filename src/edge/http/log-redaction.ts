import type { FastifyRequest } from 'fastify';
import { visitorConversationPath } from '../../domain/leads/links.js';
import { ACCOUNT_LINK_PREFIXES } from '../../domain/account-security/account-paths.js';

/**
 * Paths whose last segment is a secret that opens something by itself: a visitor's private
 * conversation link, a pro-space invitation, a password reset link. Request log lines
 * (LOG_REQUESTS=1) show them as `[secret]`, so reading the logs never opens any of them.
 */
const SECRET_PATH_PREFIXES = [visitorConversationPath(''), '/pro/invitation/', ...ACCOUNT_LINK_PREFIXES];

export function redactedUrl(url: string): string {
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (url.startsWith(prefix)) return prefix + url.slice(prefix.length).replace(/^[^/?#]+/, '[secret]');
  }
  return url;
}

/** Fastify's request serializer, with the URL redacted. */
export const requestSerializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: redactedUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
