import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { renderDocument } from '../html/render.js';
import { toApiError } from '../http/errors.js';
import { sessionAuth, type SessionRefusal } from '../http/plugins/session-auth.js';
import { newSecret } from '../../domain/sessions/session-store.js';
import { sameToken } from '../../domain/credentials/same-token.js';
import { findOperator } from '../../domain/operators/operator-store.js';
import { operatorLogin } from '../../domain/operators/login.js';
import { serviceHealth } from '../../domain/service-health/service-health.js';
import { awaitingVerification, refuseVerification, REFUSAL_REASON_MAX, verifyAgency } from '../../domain/verification/verification.js';
import { moderationQueueSummary, QUEUE_CURSOR_PATTERN, queueCursorAfter, reviewedListing } from '../../domain/listings/moderation-queue.js';
import { decideListing } from '../../domain/listings/decisions.js';
import { versionDiff } from '../../domain/moderation/version-diff.js';
import { OPERATOR_REASON_MAX } from '../../domain/listings/schemas.js';
import { findAgency, searchAgencies } from '../../domain/agencies/agency-store.js';
import { changePlan } from '../../domain/agencies/plan-change.js';
import { PLANS } from '../../domain/agencies/plans.js';
import { reinstateAgency, suspendAgency, SUSPENSION_REASON_MAX } from '../../domain/agencies/suspension.js';
import { listKeys } from '../../domain/keys/key-store.js';
import { revokeKeyAsOperator } from '../../domain/keys/revocation.js';
import { readAudit, recordAudit } from '../../domain/audit/audit-log.js';
import { idPattern } from '../../platform/validation/storable.js';
import { Int } from '../../platform/validation/schema-types.js';
import { LoginPage, RefusedPage } from './views/login-page.js';
import { DashboardPage } from './views/dashboard.js';
import { VerificationsPage } from './views/verifications.js';
import { QueuePage, ReviewPage, type ReviewView } from './views/moderation.js';
import { AgenciesPage, AgencyPage, AuditPage } from './views/agencies.js';
import type { Viewer } from './views/frame.js';

const SESSION_COOKIE = 'ls_admin';
const LOGIN_COOKIE = 'ls_admin_login';
const SESSION_TTL_MS = 12 * 3_600_000;
const FORM_LIMIT = 16 * 1024;

/** What the `?fait=` of a redirect says, so a reload never repeats the action. */
const DONE: Record<string, string> = {
  verifiee: 'Agence vérifiée : elle peut maintenant créer des clés LIVE.',
  refusee: 'Vérification refusée : l’agence voit le motif dans son espace pro.',
  approuvee: 'Annonce approuvée et publiée.',
  refusee_annonce: 'Annonce refusée : l’agence voit le motif.',
  plan: 'Plan modifié : il s’applique dès l’appel suivant.',
  suspendue: 'Agence suspendue.',
  retablie: 'Suspension levée.',
  revoquee: 'Clé révoquée : elle est refusée dès maintenant.',
};
const Done = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 40 })) });
const flashOf = (query: { fait?: string }) => (query.fait && Object.hasOwn(DONE, query.fait) ? DONE[query.fait]! : null);

const AgencyParams = Type.Object({ agencyId: Type.String({ pattern: idPattern('agc'), maxLength: 64 }) });
const ServiceParams = Type.Object({ serviceId: Type.String({ pattern: idPattern('lst'), maxLength: 64 }) });
const KeyParams = Type.Object({ keyId: Type.String({ pattern: idPattern('key'), maxLength: 64 }) });
// The token is checked by the session plugin, which answers a missing or wrong one with 403.
const Form = <T extends Record<string, import('typebox').TSchema>>(fields: T) => Type.Object({ _csrf: Type.Optional(Type.String({ maxLength: 100 })), ...fields });
const Reason = (max: number) => Type.String({ minLength: 1, maxLength: max });

const page = (reply: FastifyReply, status: number, element: JSX.Element) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderDocument(element));
const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).send();

/** A path inside the back-office to return to after signing in; anything else goes to the dashboard. */
const safeNext = (next: unknown) => (typeof next === 'string' && /^\/admin(\/[\w\-./?=&%]*)?$/.test(next) && !next.includes('//') ? next : '/admin');

/**
 * The back-office (issue 18, docs/decisions.md §13): French pages for operators, behind their own
 * session scope. Every action goes through the capability the operator API also uses, with
 * the operator as the audit log's actor.
 */
export const backOfficePages: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys, config, now } = app.services;
  await app.register(formbody, { bodyLimit: FORM_LIMIT });

  const viewerOf = (request: FastifyRequest): Viewer => ({ email: request.signedIn!.principal.email, csrf: request.signedIn!.session.csrfToken });
  const operatorId = (request: FastifyRequest) => request.signedIn!.principal.id;
  const refusedPage = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, explanation: string) =>
    page(reply, status, <RefusedPage title={title} explanation={explanation} viewer={request.signedIn ? viewerOf(request) : null} />);

  const refuse = (request: FastifyRequest, reply: FastifyReply, why: SessionRefusal) => {
    if (why === 'signed_out' && request.method === 'GET') return seeOther(reply, `/admin/login?next=${encodeURIComponent(request.url)}`);
    if (why === 'signed_out') return refusedPage(request, reply, 401, 'Session expirée', 'Votre session a expiré ou n’existe pas : reconnectez-vous, puis recommencez.');
    return refusedPage(request, reply, 403, 'Formulaire expiré', 'Ce formulaire ne vient pas de votre session en cours : rechargez la page et recommencez. Rien n’a été modifié.');
  };

  await app.register(sessionAuth, {
    db,
    scope: 'admin',
    cookieName: SESSION_COOKIE,
    path: '/admin',
    loginPath: '/admin/login',
    ttlMs: SESSION_TTL_MS,
    secure: config.tls !== null,
    now,
    refuse,
    async resolve(id) {
      const operator = await findOperator(db, id);
      return operator && !operator.disabledAt ? { id: operator.id, email: operator.email } : null;
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toApiError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'back-office page failed');
    const details = problem.errors?.length ? problem.errors.map((e) => `${e.field} : ${e.message}`).join(' ; ') : problem.detail;
    return refusedPage(request, reply, problem.status, problem.status >= 500 ? 'Erreur du back-office' : 'Demande refusée', `${details}. Rien n’a été modifié.`);
  });

  // --- Sign-in ---------------------------------------------------------------------------

  const loginForm = (reply: FastifyReply, status: number, email: string, message: string | null, next: string) => {
    // Double-submit token: a cross-site page cannot read this cookie to post the same value.
    const csrf = newSecret();
    reply.setCookie(LOGIN_COOKIE, csrf, { httpOnly: true, sameSite: 'strict', secure: config.tls !== null, path: '/admin/login' });
    return page(reply, status, <LoginPage csrf={csrf} email={email} message={message} next={next} />);
  };

  app.get('/login', { config: { public: true }, schema: { hide: true, querystring: Type.Object({ next: Type.Optional(Type.String({ maxLength: 500 })) }) } }, async (request, reply) =>
    loginForm(reply, 200, '', null, safeNext(request.query.next)),
  );

  const LoginBody = Type.Object({
    _csrf: Type.String({ maxLength: 100 }),
    email: Type.String({ maxLength: 254 }),
    password: Type.String({ maxLength: 256 }),
    next: Type.Optional(Type.String({ maxLength: 500 })),
  });
  app.post('/login', { config: { public: true }, schema: { hide: true, body: LoginBody } }, async (request, reply) => {
    const { email, password } = request.body;
    const next = safeNext(request.body.next);
    if (!sameToken(request.body._csrf, request.cookies[LOGIN_COOKIE] ?? newSecret())) {
      return loginForm(reply, 403, email, 'Le formulaire a expiré : saisissez à nouveau vos identifiants.', next);
    }
    const outcome = await operatorLogin(db, { email, password, address: request.ip }, now());
    if (!outcome.ok) {
      if (outcome.reason === 'throttled') {
        reply.header('retry-after', String(outcome.retryAfterSeconds));
        return loginForm(reply, 429, email, `Trop de tentatives : réessayez dans ${Math.ceil(outcome.retryAfterSeconds / 60)} min.`, next);
      }
      const message = outcome.reason === 'disabled' ? 'Ce compte opérateur est désactivé.' : 'Adresse e-mail ou mot de passe incorrect.';
      return loginForm(reply, outcome.reason === 'disabled' ? 403 : 401, email, message, next);
    }
    reply.clearCookie(LOGIN_COOKIE, { path: '/admin/login' });
    await app.sessions.signIn(reply, outcome.operator.id);
    return seeOther(reply, next);
  });

  app.post('/logout', { schema: { hide: true, body: Form({}) } }, async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return seeOther(reply, '/admin/login');
  });

  // --- Dashboard and verification -------------------------------------------------------------

  app.get('/', { schema: { hide: true, querystring: Done } }, async (request, reply) =>
    page(reply, 200, <DashboardPage viewer={viewerOf(request)} health={await serviceHealth(db, now())} flash={flashOf(request.query)} />),
  );

  app.get('/verifications', { schema: { hide: true, querystring: Done } }, async (request, reply) => {
    const queue = await awaitingVerification(db, now(), 200);
    return page(reply, 200, <VerificationsPage viewer={viewerOf(request)} items={queue.items} total={queue.total} overdue={queue.overdue} flash={flashOf(request.query)} />);
  });

  app.post('/agencies/:agencyId/verify', { schema: { hide: true, params: AgencyParams, body: Form({}) } }, async (request, reply) => {
    const verified = await verifyAgency(db, keys, request.params.agencyId, operatorId(request));
    if (!verified.ok) return refusedPage(request, reply, 404, 'Agence introuvable', 'Cette agence n’existe pas.');
    return seeOther(reply, '/admin/verifications?fait=verifiee');
  });

  app.post('/agencies/:agencyId/refuse', { schema: { hide: true, params: AgencyParams, body: Form({ reason: Reason(REFUSAL_REASON_MAX) }) } }, async (request, reply) => {
    const refused = await refuseVerification(db, request.params.agencyId, request.body.reason, operatorId(request));
    if (!refused.ok) return refusedPage(request, reply, refused.code === 'conflict' ? 409 : 404, 'Refus impossible', refused.detail);
    return seeOther(reply, '/admin/verifications?fait=refusee');
  });

  // --- Moderation -------------------------------------------------------------------------------

  const QueueQuery = Type.Object({ apres: Type.Optional(Type.String({ pattern: QUEUE_CURSOR_PATTERN, maxLength: 80 })), fait: Done.properties.fait });
  app.get('/moderation', { schema: { hide: true, querystring: QueueQuery } }, async (request, reply) => {
    const queue = await moderationQueueSummary(db, { limit: 50, after: request.query.apres });
    return page(reply, 200, <QueuePage viewer={viewerOf(request)} items={queue.items} total={queue.total} next={queue.next} now={now()} flash={flashOf(request.query)} />);
  });

  const reviewView = async (serviceId: string, error: string | null): Promise<ReviewView | null> => {
    const item = await reviewedListing(db, serviceId);
    if (!item) return null;
    const after = await moderationQueueSummary(db, { limit: 1, after: queueCursorAfter(item.listing) });
    return { item, diff: item.published ? versionDiff(item.published.content, item.listing.content) : null, nextId: after.items[0]?.serviceId ?? null, now: now(), error };
  };

  /** A listing that is not (or no longer) there: unknown, sandbox, or deleted since its page was opened. */
  const listingGone = (request: FastifyRequest, reply: FastifyReply, decision: boolean) =>
    refusedPage(
      request,
      reply,
      404,
      'Annonce introuvable',
      `Aucune annonce en ligne (hors bac à sable) n’a cet identifiant, ou elle a été supprimée.${decision ? ' Rien n’a été décidé.' : ''}`,
    );

  app.get('/moderation/:serviceId', { schema: { hide: true, params: ServiceParams } }, async (request, reply) => {
    const view = await reviewView(request.params.serviceId, null);
    if (!view) return listingGone(request, reply, false);
    return page(reply, 200, <ReviewPage viewer={viewerOf(request)} view={view} />);
  });

  const DecisionForm = Form({
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    version: Type.String({ pattern: '^[1-9][0-9]{0,9}$' }),
    reason: Type.Optional(Type.String({ maxLength: OPERATOR_REASON_MAX })),
    reasonChoice: Type.Optional(Type.String({ maxLength: OPERATOR_REASON_MAX })),
  });
  app.post('/moderation/:serviceId', { schema: { hide: true, params: ServiceParams, body: DecisionForm } }, async (request, reply) => {
    const { serviceId } = request.params;
    const { decision } = request.body;
    const version = Number(request.body.version);
    const reason = request.body.reason?.trim() || request.body.reasonChoice?.trim() || undefined;
    const again = async (status: number, message: string) => {
      const view = await reviewView(serviceId, message);
      return view ? page(reply, status, <ReviewPage viewer={viewerOf(request)} view={view} />) : listingGone(request, reply, true);
    };
    if (decision === 'reject' && !reason) return again(400, 'Un refus doit avoir un motif : choisissez-en un ou rédigez-le.');
    const decided = await decideListing(db, serviceId, { decision, reason, expectedVersion: version, by: 'operator', actor: operatorId(request) }, now());
    if (!decided.ok) {
      if (decided.code === 'conflict') {
        await recordAudit(db, { actor: operatorId(request), action: 'listing.decision_refused', targetType: 'listing', targetId: serviceId, before: { reviewedVersion: version }, after: { reason: 'changed since reviewed' } });
        return again(409, 'L’annonce a changé depuis l’ouverture de cette page : rien n’a été décidé. Examinez la nouvelle version ci-dessous.');
      }
      // Deleted, unknown or sandbox (decideListing's other refusals): its detail is the operator API's English.
      return listingGone(request, reply, true);
    }
    const next = await moderationQueueSummary(db, { limit: 1 });
    const done = decision === 'approve' ? 'approuvee' : 'refusee_annonce';
    return seeOther(reply, next.items[0] ? `/admin/moderation/${next.items[0].serviceId}` : `/admin/moderation?fait=${done}`);
  });

  // --- Agencies, keys, audit --------------------------------------------------------------------

  app.get('/agencies', { schema: { hide: true, querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })), fait: Done.properties.fait }) } }, async (request, reply) => {
    const query = request.query.q ?? '';
    return page(reply, 200, <AgenciesPage viewer={viewerOf(request)} query={query} agencies={await searchAgencies(db, query, 100)} flash={flashOf(request.query)} />);
  });

  app.get('/agencies/:agencyId', { schema: { hide: true, params: AgencyParams, querystring: Done } }, async (request, reply) => {
    const agency = await findAgency(db, request.params.agencyId);
    if (!agency) return refusedPage(request, reply, 404, 'Agence introuvable', 'Aucune agence n’a cet identifiant.');
    const [agencyKeys, audit] = await Promise.all([listKeys(db, agency.id), readAudit(db, { limit: 50, target: { type: 'agency', id: agency.id } })]);
    return page(reply, 200, <AgencyPage viewer={viewerOf(request)} agency={agency} keys={agencyKeys} audit={audit} flash={flashOf(request.query)} />);
  });

  const PlanForm = Form({ plan: Type.Union(PLANS.map((plan) => Type.Literal(plan))) });
  app.post('/agencies/:agencyId/plan', { schema: { hide: true, params: AgencyParams, body: PlanForm } }, async (request, reply) => {
    const changed = await changePlan(db, keys, request.params.agencyId, request.body.plan, operatorId(request));
    if (!changed.ok) return refusedPage(request, reply, 404, 'Agence introuvable', 'Aucune agence n’a cet identifiant.');
    return seeOther(reply, `/admin/agencies/${changed.value.id}?fait=plan`);
  });

  app.post('/agencies/:agencyId/suspend', { schema: { hide: true, params: AgencyParams, body: Form({ reason: Reason(SUSPENSION_REASON_MAX) }) } }, async (request, reply) => {
    const suspended = await suspendAgency(db, keys, request.params.agencyId, request.body.reason, operatorId(request));
    if (!suspended.ok) return refusedPage(request, reply, 404, 'Agence introuvable', 'Aucune agence n’a cet identifiant.');
    return seeOther(reply, `/admin/agencies/${suspended.value.id}?fait=suspendue`);
  });

  app.post('/agencies/:agencyId/reinstate', { schema: { hide: true, params: AgencyParams, body: Form({}) } }, async (request, reply) => {
    const reinstated = await reinstateAgency(db, keys, request.params.agencyId, operatorId(request));
    if (!reinstated.ok) return refusedPage(request, reply, 404, 'Agence introuvable', 'Aucune agence n’a cet identifiant.');
    return seeOther(reply, `/admin/agencies/${reinstated.value.id}?fait=retablie`);
  });

  app.post('/keys/:keyId/revoke', { schema: { hide: true, params: KeyParams, body: Form({}) } }, async (request, reply) => {
    const revoked = await revokeKeyAsOperator(db, keys, request.params.keyId, operatorId(request));
    if (!revoked.ok) return refusedPage(request, reply, 404, 'Clé introuvable', 'Aucune clé n’a cet identifiant.');
    return seeOther(reply, `/admin/agencies/${revoked.value.agencyId}?fait=revoquee`);
  });

  app.get('/audit', { schema: { hide: true, querystring: Type.Object({ avant: Type.Optional(Int(1, Number.MAX_SAFE_INTEGER)) }) } }, async (request, reply) => {
    const entries = await readAudit(db, { limit: 100, before: request.query.avant });
    return page(reply, 200, <AuditPage viewer={viewerOf(request)} entries={entries} next={entries.length === 100 ? entries.at(-1)!.seq : null} />);
  });
};
