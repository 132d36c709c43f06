import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkSecondFactor } from '../../../domain/account-security/second-factor-check.js';
import { CodePageBody } from '../../html/accounts/code-page.js';
import { listSecondFactors } from '../../../domain/credentials/second-factors.js';
import { signedIn } from '../plugins/session-auth.js';
import { CsrfField } from '../space-kit.js';
import { safeNext } from '../safe-next.js';
import type { SessionSpace } from '../space-kit.js';
import { finishSignIn } from './finish-sign-in.js';

const Next = Type.Optional(Type.String({ maxLength: 500 }));
const CodeQuery = Type.Object({ next: Next, secours: Type.Optional(Type.String({ maxLength: 5 })) });
const CodeBody = Type.Object({
  ...CsrfField,
  code: Type.String({ maxLength: 40 }),
  next: Next,
  secours: Type.Optional(Type.String({ maxLength: 5 })),
});
const step = { secondFactorStep: true };

/**
 * The second step of a sign-in (docs/accounts.md): a session that gave its password opens this
 * page alone, until a code of the account's app, one of its recovery codes or a passkey finishes
 * the sign-in with a new session.
 */
export async function registerSecondFactorRoutes(instance: FastifyInstance, space: SessionSpace): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.services;
  const { base } = space;
  const codePage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    next: string,
    recovery: boolean,
    message: string | null,
  ) => {
    const { session } = signedIn(request);
    const factors = await listSecondFactors(db, { scope: space.scope, id: session.principalId });
    const hasApp = factors.some((factor) => factor.kind === 'totp');
    return space.framed(
      request,
      reply,
      status,
      'Vérification en deux étapes',
      <CodePageBody base={base} csrf={session.csrfToken} next={next} recovery={recovery} hasApp={hasApp} message={message} />,
    );
  };

  app.get('/login/code', { config: step, schema: { hide: true, querystring: CodeQuery } }, async (request, reply) => {
    const next = safeNext(base, request.query.next);
    if (signedIn(request).session.stage === 'full') return space.seeOther(reply, next);
    return codePage(request, reply, 200, next, request.query.secours === '1', null);
  });

  app.post('/login/code', { config: step, schema: { hide: true, body: CodeBody } }, async (request, reply) => {
    const { session } = signedIn(request);
    const next = safeNext(base, request.body.next);
    if (session.stage === 'full') return space.seeOther(reply, next);
    const recovery = request.body.secours === '1' || !/^\s*\d/.test(request.body.code);
    const checked = await checkSecondFactor(db, { scope: space.scope, id: session.principalId }, request.body.code, now());
    if (checked.ok) {
      await finishSignIn(request, reply, session.principalId);
      return space.seeOther(reply, next);
    }
    if (checked.reason === 'throttled') {
      reply.header('retry-after', String(checked.retryAfterSeconds));
      const minutes = Math.ceil(checked.retryAfterSeconds / 60);
      return codePage(request, reply, 429, next, recovery, `Trop de codes erronés : réessayez dans ${minutes} min.`);
    }
    const text = recovery
      ? 'Ce code de secours n’est pas valable ou a déjà servi.'
      : 'Code incorrect ou déjà utilisé : saisissez le code que l’application affiche maintenant.';
    return codePage(request, reply, 401, next, recovery, text);
  });
}
