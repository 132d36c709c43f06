import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { confirmApp, remakeRecoveryCodes, removeFactor } from '../../../domain/account-security/enrolment.js';
import { setTeamRequirement, teamRequiresTwoFactor } from '../../../domain/account-security/team-requirement.js';
import { findAccount } from '../../../domain/account-security/directory.js';
import { recoveryCodesLeft } from '../../../domain/credentials/recovery-codes.js';
import { listSecondFactors, type Principal } from '../../../domain/credentials/second-factors.js';
import { pendingTotp, startTotpEnrolment, totpUri } from '../../../domain/credentials/totp.js';
import { IdString } from '../../../platform/validation/schema-types.js';
import { AppEnrolBody, ENROL_REASONS, RecoveryCodesBody, SecurityPageBody } from '../../html/accounts/security-views.js';
import { signedIn } from '../plugins/session-auth.js';
import { CsrfField } from '../space-kit.js';
import type { SessionSpace } from '../space-kit.js';
import { statusOf } from '../error-codes.js';

/** What the `?fait=` of a redirect says, so a reload never repeats the action. */
const DONE = {
  ajoute: 'Application d’authentification ajoutée.',
  retire: 'Second facteur retiré.',
  exigee: 'La double authentification est maintenant exigée de toute l’équipe.',
  'non-exigee': 'La double authentification n’est plus exigée de l’équipe.',
} as const;
const DoneQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 20 })) });
const Form = Type.Object(CsrfField);
const ConfirmBody = Type.Object({
  ...CsrfField,
  code: Type.String({ maxLength: 20 }),
  label: Type.Optional(Type.String({ maxLength: 60 })),
});
const TeamBody = Type.Object({ ...CsrfField, required: Type.Union([Type.Literal('oui'), Type.Literal('non')]) });
const FactorParams = Type.Object({ factorId: IdString('fac') });
const open = { enrolment: true };
const DEFAULT_LABEL = 'Application d’authentification';

/**
 * The security page of an account, in both spaces (docs/accounts.md): second factors listed and
 * removed, an authenticator app added (QR code made here, first code confirms it), recovery codes
 * shown once, and a pro admin's requirement of the whole team. It opens to an account that must
 * enrol first: nothing else does until it has.
 */
export async function registerSecurityRoutes(instance: FastifyInstance, space: SessionSpace): Promise<void> {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = app.services;
  const { base } = space;
  const page = `${base}/account/security`;
  const principalOf = (request: FastifyRequest): Principal => ({ scope: space.scope, id: signedIn(request).principal.id });
  const csrfOf = (request: FastifyRequest) => signedIn(request).session.csrfToken;

  const securityPage = async (request: FastifyRequest, reply: FastifyReply, status: number, flash: string | null, error: string | null) => {
    const { principal } = signedIn(request);
    const me = principalOf(request);
    const teamAdmin = space.scope === 'pro' && principal.role === 'admin' && !principal.mustEnrol && principal.agencyId;
    const body = (
      <SecurityPageBody
        base={base}
        csrf={csrfOf(request)}
        factors={await listSecondFactors(db, me)}
        recoveryCodesLeft={await recoveryCodesLeft(db, me)}
        mustEnrol={principal.mustEnrol ? ENROL_REASONS[space.scope] : null}
        team={teamAdmin ? { required: await teamRequiresTwoFactor(db, teamAdmin) } : undefined}
        flash={flash}
        error={error}
      />
    );
    return space.framed(request, reply, status, 'Sécurité du compte', body);
  };
  const enrolPage = async (request: FastifyRequest, reply: FastifyReply, status: number, label: string, errors: AppErrors) => {
    const pending = await pendingTotp(db, principalOf(request));
    if (!pending) return space.seeOther(reply, page);
    const account = await findAccount(db, space.scope, signedIn(request).principal.id);
    const safeQrSvg = await QRCode.toString(totpUri(pending.secret, account?.email ?? ''), { type: 'svg', width: 200, margin: 2 });
    const body = (
      <AppEnrolBody base={base} csrf={csrfOf(request)} safeQrSvg={safeQrSvg} secret={pending.secret} label={label} errors={errors} />
    );
    return space.framed(request, reply, status, 'Ajouter une application d’authentification', body);
  };
  // 201: new codes were made, shown this once (a reload cannot show them again).
  const codesPage = (request: FastifyRequest, reply: FastifyReply, codes: string[]) =>
    space.framed(request, reply, 201, 'Vos codes de secours', <RecoveryCodesBody base={base} codes={codes} />);

  app.get('/account/security', { config: open, schema: { hide: true, querystring: DoneQuery } }, async (request, reply) => {
    const done = request.query.fait;
    return securityPage(request, reply, 200, done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null, null);
  });

  app.post('/account/security/app', { config: open, schema: { hide: true, body: Form } }, async (request, reply) => {
    await startTotpEnrolment(db, principalOf(request), now());
    return space.seeOther(reply, `${page}/app`);
  });
  app.get('/account/security/app', { config: open, schema: { hide: true } }, async (request, reply) =>
    enrolPage(request, reply, 200, DEFAULT_LABEL, []),
  );
  app.post('/account/security/app/confirm', { config: open, schema: { hide: true, body: ConfirmBody } }, async (request, reply) => {
    const label = request.body.label?.trim() || DEFAULT_LABEL;
    const confirmed = await confirmApp(db, principalOf(request), { code: request.body.code, label }, now());
    if (!confirmed.ok) return enrolPage(request, reply, statusOf(confirmed.code), label, confirmed.errors ?? []);
    if (!confirmed.value.recoveryCodes) return space.seeOther(reply, `${page}?fait=ajoute`);
    // The first factor raises what the session may do: a new session, shown with its own form token.
    const { principal } = signedIn(request);
    const session = await app.sessions.elevate(request, reply, principal.id);
    request.signedIn = { session, principal: { ...principal, mustEnrol: false } };
    return codesPage(request, reply, confirmed.value.recoveryCodes);
  });

  app.post('/account/security/recovery-codes', { config: open, schema: { hide: true, body: Form } }, async (request, reply) => {
    const made = await remakeRecoveryCodes(db, principalOf(request), now());
    return made.ok ? codesPage(request, reply, made.value) : securityPage(request, reply, statusOf(made.code), null, `${made.detail}.`);
  });

  app.post(
    '/account/security/factors/:factorId/remove',
    { config: open, schema: { hide: true, params: FactorParams, body: Form } },
    async (request, reply) => {
      const removed = await removeFactor(db, principalOf(request), request.params.factorId);
      if (!removed.ok) return securityPage(request, reply, statusOf(removed.code), null, `${removed.detail}.`);
      return space.seeOther(reply, `${page}?fait=retire`);
    },
  );

  if (space.scope === 'pro')
    app.post('/account/security/team', { config: { role: 'admin' }, schema: { hide: true, body: TeamBody } }, async (request, reply) => {
      const required = request.body.required === 'oui';
      const set = await setTeamRequirement(db, signedIn(request).principal.id, required);
      if (!set.ok) return securityPage(request, reply, statusOf(set.code), null, `${set.detail}.`);
      return space.seeOther(reply, `${page}?fait=${required ? 'exigee' : 'non-exigee'}`);
    });
}

type AppErrors = Array<{ field: string; message: string }>;
