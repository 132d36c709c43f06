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

/** The CSRF token field every form of a space posts (the session's token, or the public forms' one). */
export const CsrfField = { _csrf: Type.Optional(Type.String({ maxLength: 100 })) };
