import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProViewer } from './views/frame.js';

/** What the pro space's route files share: rendering, refusals and who is signed in. */
export interface ProKit {
  page(reply: FastifyReply, status: number, element: JSX.Element): FastifyReply;
  seeOther(reply: FastifyReply, location: string): FastifyReply;
  message(request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string): FastifyReply;
  /** The refusal page for a signed-in agent, or null for an admin. */
  adminOnly(request: FastifyRequest, reply: FastifyReply): FastifyReply | null;
  viewerOf(request: FastifyRequest): ProViewer;
  agencyOf(request: FastifyRequest): string;
}
