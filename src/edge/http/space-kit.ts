import { Type } from '@fastify/type-provider-typebox';
import type { Children } from '@kitajs/html';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionScope } from '../../domain/sessions/session-store.js';

/** What a space's route files share: rendering, redirects, refusals and the public forms' token. */
export interface SessionSpace {
  page(reply: FastifyReply, status: number, element: JSX.Element): FastifyReply;
  seeOther(reply: FastifyReply, location: string): FastifyReply;
  message(request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string): FastifyReply;
  /** A fresh double-submit token for a form shown before signing in (its cookie is set on `reply`). */
  formToken(reply: FastifyReply): string;
  /** Whether a posted public form carries the token its page was given. */
  formTokenOk(request: FastifyRequest): boolean;
  /** An account page of the kit inside the space's frame. */
  framed(request: FastifyRequest, reply: FastifyReply, status: number, title: string, children: Children): FastifyReply;
  /** The space: its path, its session scope. */
  base: string;
  scope: SessionScope;
}

/**
 * A path inside the space to return to after signing in; anything else (another site, `//host`,
 * a dot segment such as `/pro/../admin`, which the browser would resolve out of the space, plain
 * or percent-encoded) goes to the space's home.
 */
export function safeNext(base: string, next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith(base) || next.includes('//')) return base;
  const rest = next.slice(base.length);
  if (!/^(\/[\w\-./?=&%]*)?$/.test(rest)) return base;
  const path = rest.split('?')[0]!;
  const dotSegment = path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
  return dotSegment ? base : next;
}

export const CsrfField = { _csrf: Type.Optional(Type.String({ maxLength: 100 })) };
