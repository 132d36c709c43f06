import { Type, type Static, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  enrolPasskey,
  passkeyAsSecondFactor,
  passwordlessOptions,
  signInWithPasskey,
} from '../../../domain/account-security/passkey-sign-in.js';
import { passkeyAuthenticationOptions, passkeyRegistrationOptions, relyingPartyOf } from '../../../domain/credentials/passkeys.js';
import type { Refusal } from '../../../platform/outcome.js';
import { PASSKEY_SCRIPT, PASSKEY_SCRIPT_VERSION } from '../../html/accounts/passkey-script.js';
import { ERROR_CODE_TABLE } from '../error-codes.js';
import { signedIn } from '../plugins/session-auth.js';
import { safeNext } from '../safe-next.js';
import type { SessionSpace } from '../space-kit.js';
import { finishSignIn } from './finish-sign-in.js';

/**
 * Passkeys in both spaces (docs/accounts.md): enrolment from the security page, a sign-in without
 * a password, and the second factor of a sign-in waiting on the code page. The page's script
 * (passkey-script.ts) speaks JSON with these routes; each POST carries its token in the body
 * (the session's, or before signing in the space's form token). Any other body gets the space's
 * French page, and a refusal says in French what went wrong, with nothing changed.
 */

const Base64Url = (maxLength: number) => Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*$' });
const Csrf = { _csrf: Type.Optional(Type.String({ maxLength: 100 })) };
const Next = Type.Optional(Type.String({ maxLength: 500 }));
const Answer = <R extends ReturnType<typeof Type.Object>>(response: R) =>
  Type.Object({
    id: Base64Url(1400),
    rawId: Base64Url(1400),
    type: Type.Literal('public-key'),
    response,
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
    clientExtensionResults: Type.Object({}),
  });
const Registration = Answer(
  Type.Object({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(16_384),
    authenticatorData: Type.Optional(Base64Url(16_384)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(Base64Url(4096)),
  }),
);
const Assertion = Answer(
  Type.Object({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(4096),
    signature: Base64Url(4096),
    userHandle: Type.Optional(Base64Url(400)),
  }),
);
const OptionsBody = Type.Object(Csrf);
const EnrolBody = Type.Object({ ...Csrf, label: Type.String({ maxLength: 200 }), response: Registration });
const SignInBody = Type.Object({ ...Csrf, next: Next, response: Assertion });

const asRegistration = (answer: Static<typeof Registration>) => answer as unknown as RegistrationResponseJSON;
const asAssertion = (answer: Static<typeof Assertion>) => answer as unknown as AuthenticationResponseJSON;

const UNREADABLE = 'La réponse de la clé d’accès est illisible : rechargez la page, puis recommencez. Rien n’a été modifié.';
const FORM_EXPIRED = 'Le formulaire a expiré : rechargez la page, puis recommencez. Rien n’a été modifié.';
const sentJson = (request: FastifyRequest) => /^application\/json\b/i.test(String(request.headers['content-type'] ?? ''));
const refused = (reply: FastifyReply, refusal: Refusal) =>
  reply
    .code(ERROR_CODE_TABLE[refusal.code].status)
    .headers({ 'cache-control': 'no-store', ...refusal.headers })
    .send({ message: refusal.detail });
const answered = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'no-store').send(body);

export async function registerPasskeyRoutes(app: FastifyInstance, space: SessionSpace): Promise<void> {
  await app.register(async (scoped) => {
    // The JSON routes answer JSON; a form or any other body gets the space's page, as every page does.
    scoped.addHook('preValidation', async (request, reply) => {
      if (request.method === 'POST' && !sentJson(request))
        return space.message(
          request,
          reply,
          415,
          'Demande refusée',
          'Cette adresse attend la réponse d’une clé d’accès, envoyée par la page. Rien n’a été modifié.',
        );
    });
    scoped.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, `${space.base} passkey route failed`);
      const text = status >= 500 ? 'Une erreur est survenue : réessayez dans un moment. Rien n’a été modifié.' : UNREADABLE;
      if (!sentJson(request)) return space.message(request, reply, status, 'Demande refusée', text);
      return reply.code(status).header('cache-control', 'no-store').send({ message: text });
    });
    registerScript(scoped);
    registerEnrolment(scoped, space);
    registerSignIns(scoped, space);
  });
}

/** The script of the passkey parts, public (the sign-in page needs it), kept a year under its version. */
function registerScript(app: FastifyInstance) {
  app.get('/assets/passkeys.js', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    const current = (request.query as { v?: unknown }).v === PASSKEY_SCRIPT_VERSION;
    return reply
      .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .type('text/javascript; charset=utf-8')
      .send(PASSKEY_SCRIPT);
  });
}

function registerEnrolment(instance: FastifyInstance, space: SessionSpace) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, now } = app.services;
  const rp = relyingPartyOf(config.siteUrl);
  const route = { config: { enrolment: true }, bodyLimit: 32 * 1024 };
  app.post('/account/passkeys/options', { ...route, schema: { hide: true, body: OptionsBody } }, async (request, reply) => {
    const { principal } = signedIn(request);
    const options = await passkeyRegistrationOptions(db, rp, { scope: space.scope, id: principal.id, email: principal.email }, now());
    return answered(reply, options);
  });
  app.post('/account/passkeys', { ...route, schema: { hide: true, body: EnrolBody } }, async (request, reply) => {
    const principal = { scope: space.scope, id: signedIn(request).principal.id };
    const input = { response: asRegistration(request.body.response), label: request.body.label };
    const enrolled = await enrolPasskey(db, rp, principal, input, now());
    if (!enrolled.ok) return refused(reply, enrolled);
    // A first factor raises what the session may do: it is renewed.
    if (enrolled.value.first) await app.sessions.elevate(request, reply, principal.id);
    return answered(reply, { next: `${space.base}/account/security` });
  });
}

function registerSignIns(instance: FastifyInstance, space: SessionSpace) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, now } = app.services;
  const rp = relyingPartyOf(config.siteUrl);
  const route = { config: { public: true }, bodyLimit: 32 * 1024 };
  const formExpired = (reply: FastifyReply) => refused(reply, { ok: false, code: 'forbidden', detail: FORM_EXPIRED });

  app.post('/login/passkey/options', { ...route, schema: { hide: true, body: OptionsBody } }, async (request, reply) => {
    if (!space.formTokenOk(request)) return formExpired(reply);
    const options = await passwordlessOptions(db, rp, space.scope, request.ip, now());
    return options.ok ? answered(reply, options.value) : refused(reply, options);
  });
  app.post('/login/passkey', { ...route, schema: { hide: true, body: SignInBody } }, async (request, reply) => {
    if (!space.formTokenOk(request)) return formExpired(reply);
    const used = await signInWithPasskey(db, rp, space.scope, asAssertion(request.body.response), now());
    if (!used.ok) return refused(reply, used);
    await finishSignIn(request, reply, used.value.principalId);
    return answered(reply, { next: safeNext(space.base, request.body.next) });
  });

  // The second factor of a sign-in whose password was right: open to that half session alone.
  const waiting = { config: { secondFactorStep: true }, bodyLimit: 32 * 1024 };
  const nothingWaits = (reply: FastifyReply) =>
    refused(reply, { ok: false, code: 'conflict', detail: 'Aucune connexion n’attend de second facteur : rechargez la page.' });
  app.post('/login/code/passkey/options', { ...waiting, schema: { hide: true, body: OptionsBody } }, async (request, reply) => {
    const { session, principal } = signedIn(request);
    if (session.stage !== 'second_factor') return nothingWaits(reply);
    return answered(reply, await passkeyAuthenticationOptions(db, rp, space.scope, { scope: space.scope, id: principal.id }, now()));
  });
  app.post('/login/code/passkey', { ...waiting, schema: { hide: true, body: SignInBody } }, async (request, reply) => {
    const { session, principal } = signedIn(request);
    if (session.stage !== 'second_factor') return nothingWaits(reply);
    const used = await passkeyAsSecondFactor(db, rp, { scope: space.scope, id: principal.id }, asAssertion(request.body.response), now());
    if (!used.ok) return refused(reply, used);
    await finishSignIn(request, reply, principal.id);
    return answered(reply, { next: safeNext(space.base, request.body.next) });
  });
}
