import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { renderDocument } from '../html/render.js';
import { failWith, toApiError } from '../http/errors.js';
import { sessionAuth, type SessionRefusal } from '../http/plugins/session-auth.js';
import { newSecret } from '../../domain/sessions/session-store.js';
import { sameToken } from '../../domain/credentials/same-token.js';
import { acceptInvitation, createInvitation, findInvitation, findUserWithAgency, listTeam, removeUser, ROLES, signUp, type Role } from '../../domain/accounts/user-store.js';
import { checkAccountFields, signUpOf } from '../../domain/accounts/signup-input.js';
import { proLogin } from '../../domain/accounts/login.js';
import { findAgency } from '../../domain/agencies/agency-store.js';
import { paidFrom } from '../../domain/agencies/free-period.js';
import { PLAN_DAILY_REQUESTS } from '../../domain/agencies/plans.js';
import { verificationDeadline } from '../../domain/verification/verification.js';
import { createKey, findKey } from '../../domain/keys/key-store.js';
import { revokeOwnKey } from '../../domain/keys/revocation.js';
import { LIVE_KEYS_UNAVAILABLE_FR, liveKeysBlocker } from '../../domain/agencies/live-keys.js';
import { KEY_NAME_MAX, SCOPES, type Scope } from '../../domain/keys/key-format.js';
import { CALLS_CURSOR_PATTERN, keyCards, planCalls24h, recentCalls, weekPanel, type StatusFilter } from '../../domain/key-usage/key-usage.js';
import { listListings } from '../../domain/listings/store.js';
import { reviewedListing } from '../../domain/listings/moderation-queue.js';
import { listLeads, markLeadsRead } from '../../domain/leads/lead-store.js';
import { idPattern } from '../../platform/validation/storable.js';
import { Int } from '../../platform/validation/schema-types.js';
import { ProMessage, type ProViewer } from './views/frame.js';
import { InvitationPage, LoginPage, SignupPage } from './views/account-pages.js';
import { KeyCreatedPage, KeysPage, RevokePage } from './views/keys-page.js';
import { DashboardPage, LeadsPage, ListingPage, ListingsPage, TeamPage } from './views/space-pages.js';
import type { FieldError } from '../../platform/outcome.js';
import type { ProKit } from './route-kit.js';
import { proWebhookPages } from './webhook-pages-routes.js';
import { countFailingEndpoints } from '../../domain/webhooks/endpoint-store.js';

const SESSION_COOKIE = 'ls_pro';
/** Double-submit token of the forms shown before signing in (sign-up, sign-in, invitation). */
const FORM_COOKIE = 'ls_pro_form';
const SESSION_TTL_MS = 7 * 86_400_000;
const LISTINGS_PAGE = 50;
const COPY_SCRIPT = `document.querySelectorAll('button[data-copy]').forEach(function (b) {
  var f = document.getElementById(b.getAttribute('data-copy')); b.hidden = false;
  b.addEventListener('click', function () { navigator.clipboard.writeText(f.value).then(function () { b.textContent = 'Copiée'; }); });
});`;

const page = (reply: FastifyReply, status: number, element: JSX.Element) =>
  reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(renderDocument(element));
const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('location', location).send();
const safeNext = (next: unknown) => (typeof next === 'string' && /^\/pro(\/[\w\-./?=&%]*)?$/.test(next) && !next.includes('//') ? next : '/pro');

const KeyParams = Type.Object({ keyId: Type.String({ pattern: idPattern('key'), maxLength: 64 }) });
const ServiceParams = Type.Object({ serviceId: Type.String({ pattern: idPattern('lst'), maxLength: 64 }) });
const UserParams = Type.Object({ userId: Type.String({ pattern: idPattern('usr'), maxLength: 64 }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const Csrf = { _csrf: Type.Optional(Type.String({ maxLength: 100 })) };
const Field = Type.Optional(Type.String({ maxLength: 1000 }));

/**
 * The agencies' pro space (issue 17, docs/decisions.md §13): French pages behind the `pro` session
 * scope. Admins manage keys and the team; agents see listings and leads.
 */
export const proPages: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys, config, now } = app.services;
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  const viewerOf = (request: FastifyRequest): ProViewer => {
    const p = request.signedIn!.principal;
    return { email: p.email, role: p.role as Role, agencyName: p.agencyName ?? '', csrf: request.signedIn!.session.csrfToken };
  };
  const agencyOf = (request: FastifyRequest) => request.signedIn!.principal.agencyId!;
  const message = (request: FastifyRequest, reply: FastifyReply, status: number, title: string, text: string) =>
    page(reply, status, <ProMessage title={title} text={text} viewer={request.signedIn ? viewerOf(request) : null} />);
  const adminOnly = (request: FastifyRequest, reply: FastifyReply) =>
    request.signedIn?.principal.role === 'admin' ? null : message(request, reply, 403, 'Réservé aux administrateurs', 'Cette page est réservée aux administrateurs de l’agence.');

  const refuse = (request: FastifyRequest, reply: FastifyReply, why: SessionRefusal) => {
    if (why === 'signed_out' && request.method === 'GET') return seeOther(reply, `/pro/login?next=${encodeURIComponent(request.url)}`);
    if (why === 'signed_out') return message(request, reply, 401, 'Session expirée', 'Votre session a expiré : reconnectez-vous, puis recommencez.');
    return message(request, reply, 403, 'Formulaire expiré', 'Ce formulaire ne vient pas de votre session en cours : rechargez la page et recommencez. Rien n’a été modifié.');
  };
  await app.register(sessionAuth, {
    db,
    scope: 'pro',
    cookieName: SESSION_COOKIE,
    path: '/pro',
    loginPath: '/pro/login',
    ttlMs: SESSION_TTL_MS,
    secure: config.tls !== null,
    now,
    refuse,
    async resolve(id) {
      const user = await findUserWithAgency(db, id);
      return user && { id: user.id, email: user.email, role: user.role, agencyId: user.agencyId, agencyName: user.agencyName, liveKeys: user.canHaveLiveKeys };
    },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toApiError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'pro page failed');
    const details = problem.errors?.length ? problem.errors.map((e) => `${e.field} : ${e.message}`).join(' ; ') : problem.detail;
    return message(request, reply, problem.status, problem.status >= 500 ? 'Erreur de l’espace pro' : 'Demande refusée', `${details}. Rien n’a été modifié.`);
  });

  // --- Before signing in: forms with a double-submit token ---------------------------------
  const formToken = (reply: FastifyReply) => {
    const token = newSecret();
    reply.setCookie(FORM_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: config.tls !== null, path: '/pro' });
    return token;
  };
  const formTokenOk = (request: FastifyRequest) => sameToken((request.body as { _csrf?: unknown })._csrf, request.cookies[FORM_COOKIE] ?? newSecret());
  const expired: FieldError = { field: 'form', message: 'Le formulaire a expiré : vérifiez les champs et envoyez-le à nouveau.' };
  const isPublic = { config: { public: true } };

  app.get('/assets/copy.js', { ...isPublic, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(COPY_SCRIPT),
  );

  app.get('/signup', { ...isPublic, schema: { hide: true } }, async (_request, reply) => page(reply, 200, <SignupPage csrf={formToken(reply)} values={{}} errors={[]} />));
  const SignupBody = Type.Object({ ...Csrf, agencyName: Field, siren: Field, email: Field, password: Field, plan: Field });
  app.post('/signup', { ...isPublic, schema: { hide: true, body: SignupBody } }, async (request, reply) => {
    const { values, errors } = checkAccountFields(request.body, ['agencyName', 'siren', 'email', 'password', 'plan']);
    if (!formTokenOk(request)) errors.unshift(expired);
    if (errors.length) return page(reply, errors[0] === expired ? 403 : 400, <SignupPage csrf={formToken(reply)} values={values} errors={errors} />);
    const created = await signUp(db, signUpOf(values));
    if (!created.ok) return page(reply, 409, <SignupPage csrf={formToken(reply)} values={values} errors={created.errors ?? []} />);
    await app.sessions.signIn(reply, created.value.user.id);
    // The TEST key's value is shown this once, like any new key.
    return page(reply, 201, <KeyCreatedPage viewer={{ email: created.value.user.email, role: 'admin', agencyName: created.value.agency.name, csrf: '' }} name="Clé de test" env="test" value={created.value.testKey} />);
  });

  const loginForm = (reply: FastifyReply, status: number, email: string, text: string | null, next: string) =>
    page(reply, status, <LoginPage csrf={formToken(reply)} email={email} message={text} next={next} />);
  app.get('/login', { ...isPublic, schema: { hide: true, querystring: Type.Object({ next: Type.Optional(Type.String({ maxLength: 500 })) }) } }, async (request, reply) =>
    loginForm(reply, 200, '', null, safeNext(request.query.next)),
  );
  const LoginBody = Type.Object({ ...Csrf, email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }), next: Type.Optional(Type.String({ maxLength: 500 })) });
  app.post('/login', { ...isPublic, schema: { hide: true, body: LoginBody } }, async (request, reply) => {
    const { email, password } = request.body;
    const next = safeNext(request.body.next);
    if (!formTokenOk(request)) return loginForm(reply, 403, email, 'Le formulaire a expiré : saisissez à nouveau vos identifiants.', next);
    const outcome = await proLogin(db, { email, password, address: request.ip }, now());
    if (outcome.ok) {
      await app.sessions.signIn(reply, outcome.account.id);
      return seeOther(reply, next);
    }
    if (outcome.reason === 'throttled') {
      reply.header('retry-after', String(outcome.retryAfterSeconds));
      return loginForm(reply, 429, email, `Trop de tentatives : réessayez dans ${Math.ceil(outcome.retryAfterSeconds / 60)} min.`, next);
    }
    return loginForm(reply, 401, email, 'Adresse e-mail ou mot de passe incorrect.', next);
  });

  app.post('/logout', { schema: { hide: true, body: Type.Object(Csrf) } }, async (request, reply) => {
    await app.sessions.signOut(request, reply);
    return seeOther(reply, '/pro/login');
  });

  app.get('/invitation/:token', { ...isPublic, schema: { hide: true, params: TokenParams } }, async (request, reply) => {
    const invitation = await findInvitation(db, request.params.token, now());
    if (!invitation) return message(request, reply, 404, 'Invitation introuvable', 'Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle.');
    return page(reply, 200, <InvitationPage csrf={formToken(reply)} token={request.params.token} agencyName={invitation.agencyName} role={invitation.role} values={{}} errors={[]} />);
  });
  app.post('/invitation/:token', { ...isPublic, schema: { hide: true, params: TokenParams, body: Type.Object({ ...Csrf, email: Field, password: Field }) } }, async (request, reply) => {
    const invitation = await findInvitation(db, request.params.token, now());
    if (!invitation) return message(request, reply, 404, 'Invitation introuvable', 'Cette invitation a expiré ou a déjà servi : demandez-en une nouvelle.');
    const { values, errors } = checkAccountFields(request.body, ['email', 'password']);
    if (!formTokenOk(request)) errors.unshift(expired);
    const again = (status: number, errs: FieldError[]) =>
      page(reply, status, <InvitationPage csrf={formToken(reply)} token={request.params.token} agencyName={invitation.agencyName} role={invitation.role} values={values} errors={errs} />);
    if (errors.length) return again(errors[0] === expired ? 403 : 400, errors);
    const accepted = await acceptInvitation(db, request.params.token, { email: values.email!, password: values.password! }, now());
    if (!accepted.ok) return again(accepted.code === 'conflict' ? 409 : 404, accepted.errors ?? [{ field: 'email', message: accepted.detail }]);
    await app.sessions.signIn(reply, accepted.value.id);
    return seeOther(reply, '/pro');
  });

  // --- Signed in ----------------------------------------------------------------------------
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const agency = (await findAgency(db, agencyOf(request)))!;
    const at = now();
    const [cards, planCalls, counts, leads, failing] = await Promise.all([
      keyCards(db, agency.id, at, config.quotas.keyLimits),
      planCalls24h(db, agency.id, at),
      db.query<{ listings: number; pending: number }>(
        `SELECT count(*)::int AS listings, count(*) FILTER (WHERE moderation_state = 'pending')::int AS pending FROM listings WHERE agency_id = $1 AND env = 'live' AND deleted_at IS NULL`,
        [agency.id],
      ),
      listLeads(db, agency.id, { limit: 0, offset: 0 }),
      countFailingEndpoints(db, agency.id),
    ]);
    return page(
      reply,
      200,
      <DashboardPage
        viewer={viewerOf(request)}
        view={{
          agency,
          verificationSecondsLeft: Math.round((verificationDeadline(agency.createdAt).getTime() - at.getTime()) / 1000),
          counts: { listings: counts.rows[0]?.listings ?? 0, pending: counts.rows[0]?.pending ?? 0, unreadLeads: leads.unread },
          // Against a plan's daily limit, what that limit counts (LIVE v1 calls); without a limit, every LIVE call.
          calls24h: PLAN_DAILY_REQUESTS[agency.plan] === null ? cards.filter((c) => c.key.env === 'live').reduce((s, c) => s + c.calls24h, 0) : planCalls,
          freeUntil: paidFrom(agency.createdAt),
          now: at,
          failingWebhooks: failing,
        }}
      />,
    );
  });

  const KeysQuery = Type.Object({
    cle: Type.Optional(Type.Union([Type.Literal(''), Type.String({ pattern: idPattern('key'), maxLength: 64 })])),
    statut: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('success'), Type.Literal('errors')])),
    avant: Type.Optional(Type.String({ pattern: CALLS_CURSOR_PATTERN, maxLength: 90 })),
    fait: Type.Optional(Type.String({ maxLength: 20 })),
  });
  app.get('/api-keys', { schema: { hide: true, querystring: KeysQuery } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    const agencyId = agencyOf(request);
    const at = now();
    const keyId = request.query.cle || undefined;
    const status: StatusFilter = request.query.statut ?? 'all';
    const [cards, panel, calls] = await Promise.all([
      keyCards(db, agencyId, at, config.quotas.keyLimits),
      weekPanel(db, agencyId, at, keyId),
      recentCalls(db, agencyId, { keyId, status, before: request.query.avant }),
    ]);
    const flash = request.query.fait === 'revoquee' ? 'Clé révoquée : elle est refusée dès maintenant.' : null;
    return page(
      reply,
      200,
      <KeysPage viewer={viewerOf(request)} view={{ cards, panel, calls, filters: { keyId: keyId ?? null, status }, verified: Boolean(request.signedIn!.principal.liveKeys), now: at, flash }} />,
    );
  });

  const NewKey = Type.Object({
    ...Csrf,
    name: Type.String({ minLength: 1, maxLength: KEY_NAME_MAX }),
    env: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    scopes: Type.Optional(Type.Union([Type.Union(SCOPES.map((s) => Type.Literal(s))), Type.Array(Type.Union(SCOPES.map((s) => Type.Literal(s))), { maxItems: SCOPES.length })])),
  });
  app.post('/api-keys', { schema: { hide: true, body: NewKey } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    const agency = (await findAgency(db, agencyOf(request)))!;
    const blocker = request.body.env === 'live' ? liveKeysBlocker(agency) : null;
    if (blocker) return message(request, reply, 403, 'Clé LIVE indisponible', LIVE_KEYS_UNAVAILABLE_FR[blocker]);
    const scopes = request.body.scopes === undefined ? undefined : ([] as Scope[]).concat(request.body.scopes as Scope | Scope[]);
    if (scopes !== undefined && scopes.length === 0) return message(request, reply, 400, 'Aucun droit choisi', 'Cochez au moins un droit pour la clé.');
    const created = await createKey(db, { agencyId: agency.id, env: request.body.env, name: request.body.name, scopes });
    if (!created.ok) throw failWith(created); // suspended or unverified since the check above
    return page(reply, 201, <KeyCreatedPage viewer={viewerOf(request)} name={created.value.record.name} env={created.value.record.env} value={created.value.key} />);
  });

  const ownKey = async (request: FastifyRequest, keyId: string) => {
    const key = await findKey(db, keyId);
    // Another agency's key is answered exactly as an unknown one.
    return key && key.agencyId === agencyOf(request) ? key : null;
  };
  app.get('/api-keys/:keyId/revoke', { schema: { hide: true, params: KeyParams } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    const key = await ownKey(request, request.params.keyId);
    if (!key) return message(request, reply, 404, 'Clé introuvable', 'Aucune de vos clés n’a cet identifiant.');
    return page(reply, 200, <RevokePage viewer={viewerOf(request)} keyId={key.id} name={key.name} />);
  });
  app.post('/api-keys/:keyId/revoke', { schema: { hide: true, params: KeyParams, body: Type.Object(Csrf) } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    const key = await ownKey(request, request.params.keyId);
    if (!key) return message(request, reply, 404, 'Clé introuvable', 'Aucune de vos clés n’a cet identifiant.');
    await revokeOwnKey(db, keys, agencyOf(request), key.id);
    return seeOther(reply, '/pro/api-keys?fait=revoquee');
  });

  const kit: ProKit = { page, seeOther, message, adminOnly, viewerOf, agencyOf };
  await app.register(proWebhookPages, { kit });

  app.get('/listings', { schema: { hide: true, querystring: Type.Object({ page: Type.Optional(Int(1, 10_000)) }) } }, async (request, reply) => {
    const current = request.query.page ?? 1;
    const [{ listings, total }, agency] = await Promise.all([
      listListings(db, { agencyId: agencyOf(request), env: 'live' }, { limit: LISTINGS_PAGE, offset: (current - 1) * LISTINGS_PAGE }),
      findAgency(db, agencyOf(request)),
    ]);
    const pages = Math.max(1, Math.ceil(total / LISTINGS_PAGE));
    return page(
      reply,
      current > pages ? 404 : 200,
      <ListingsPage viewer={viewerOf(request)} listings={listings} total={total} page={current} pages={pages} siteUrl={config.siteUrl} agencySuspended={Boolean(agency?.suspendedAt)} />,
    );
  });
  app.get('/listings/:serviceId', { schema: { hide: true, params: ServiceParams } }, async (request, reply) => {
    const [item, agency] = await Promise.all([reviewedListing(db, request.params.serviceId), findAgency(db, agencyOf(request))]);
    if (!item || item.listing.agencyId !== agencyOf(request)) return message(request, reply, 404, 'Annonce introuvable', 'Aucune de vos annonces n’a cet identifiant.');
    return page(reply, 200, <ListingPage viewer={viewerOf(request)} item={item} siteUrl={config.siteUrl} agencySuspended={Boolean(agency?.suspendedAt)} />);
  });

  app.get('/leads', { schema: { hide: true, querystring: Type.Object({ page: Type.Optional(Int(1, 10_000)) }) } }, async (request, reply) => {
    const agencyId = agencyOf(request);
    const { leads, total, unread } = await listLeads(db, agencyId, { limit: 50, offset: ((request.query.page ?? 1) - 1) * 50 });
    // Marked read before the page leaves (it shows them as they were), so the next visit never finds them new.
    await markLeadsRead(db, agencyId, leads.filter((l) => !l.read).map((l) => l.id), now());
    return page(reply, 200, <LeadsPage viewer={viewerOf(request)} leads={leads} total={total} unread={unread} />);
  });

  app.get('/team', { schema: { hide: true } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    return page(reply, 200, <TeamPage viewer={viewerOf(request)} team={await listTeam(db, agencyOf(request))} invitation={null} />);
  });
  app.post('/team/invitations', { schema: { hide: true, body: Type.Object({ ...Csrf, role: Type.Union(ROLES.map((r) => Type.Literal(r))) }) } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    const { token } = await createInvitation(db, agencyOf(request), request.body.role, request.signedIn!.principal.id, now());
    const link = `${config.siteUrl}/pro/invitation/${token}`;
    return page(reply, 201, <TeamPage viewer={viewerOf(request)} team={await listTeam(db, agencyOf(request))} invitation={{ link, role: request.body.role }} />);
  });
  app.post('/team/:userId/remove', { schema: { hide: true, params: UserParams, body: Type.Object(Csrf) } }, async (request, reply) => {
    const refused = adminOnly(request, reply);
    if (refused) return refused;
    const removed = await removeUser(db, agencyOf(request), request.params.userId, request.signedIn!.principal.id);
    if (!removed.ok) return message(request, reply, removed.code === 'not_found' ? 404 : 409, 'Retrait impossible', removed.detail);
    return seeOther(reply, '/pro/team');
  });
};
