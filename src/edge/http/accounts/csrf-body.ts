import { Type } from '@fastify/type-provider-typebox';

/**
 * The body of a one-button form of the account pages: its token alone (the session's, or the
 * public forms' one). Declared here rather than taken from session-space.ts, which registers
 * these routes and so cannot be imported by them.
 */
export const CsrfBody = Type.Object({ _csrf: Type.Optional(Type.String({ maxLength: 100 })) });
