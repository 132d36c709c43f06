import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CsrfField } from '../../http/session-space.js';
import { failWith } from '../../http/errors.js';
import { KeyIdParams } from '../../http/params.js';
import { signedIn } from '../../http/plugins/session-auth.js';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { createKey } from '../../../domain/keys/key-store.js';
import { findOwnKey } from '../../../domain/keys/own-keys.js';
import { revokeOwnKey } from '../../../domain/keys/revocation.js';
import { LIVE_KEYS_UNAVAILABLE_FR, liveKeysBlocker } from '../../../domain/agencies/live-keys.js';
import { KEY_NAME_MAX, SCOPES, type Scope } from '../../../domain/keys/key-format.js';
import { CALLS_CURSOR_PATTERN, type StatusFilter } from '../../../domain/key-usage/key-usage.js';
import { keyActivity } from '../../../domain/key-usage/activity.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { KeyCreatedPage, KeysPage, RevokePage } from '../views/keys-page.js';
import { AddressNotice } from '../views/account-pages.js';

const KeysQuery = Type.Object({
  cle: Type.Optional(Type.Union([Type.Literal(''), KeyIdParams.properties.keyId])),
  statut: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('success'), Type.Literal('errors')])),
  avant: Type.Optional(Type.String({ pattern: CALLS_CURSOR_PATTERN, maxLength: 90 })),
  fait: Type.Optional(Type.String({ maxLength: 20 })),
});
const ScopeName = Type.Union(SCOPES.map((s) => Type.Literal(s)));
const NewKey = Type.Object({
  ...CsrfField,
  name: Type.String({ minLength: 1, maxLength: KEY_NAME_MAX }),
  env: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  scopes: Type.Optional(Type.Union([ScopeName, Type.Array(ScopeName, { maxItems: SCOPES.length })])),
});

/** `/pro/api-keys` (docs/decisions.md §3, §13): an admin's keys, their use, new keys (shown once) and revocation. */
export const keysPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, keys, config, now } = app.services;
  const { page, message, viewerOf, agencyOf } = space;
  const unknownKey = (request: FastifyRequest, reply: FastifyReply) =>
    message(request, reply, 404, 'Clé introuvable', 'Aucune de vos clés n’a cet identifiant.');

  app.get('/api-keys', { config: adminsOnly, schema: { hide: true, querystring: KeysQuery } }, async (request, reply) => {
    const at = now();
    const keyId = request.query.cle || undefined;
    const status: StatusFilter = request.query.statut ?? 'all';
    const activity = await keyActivity(db, agencyOf(request), at, config.quotas.keyLimits, { keyId, status, before: request.query.avant });
    const flash = request.query.fait === 'revoquee' ? 'Clé révoquée : elle est refusée dès maintenant.' : null;
    const { principal } = signedIn(request);
    const blocker = liveKeysBlocker((await findAgency(db, agencyOf(request)))!, { emailVerified: Boolean(principal.emailVerified) });
    const viewer = viewerOf(request);
    const view = { ...activity, filters: { keyId: keyId ?? null, status }, verified: blocker === null, now: at, flash };
    return page(
      reply,
      200,
      <KeysPage viewer={viewer} view={{ ...view, liveWait: blocker && LIVE_KEYS_UNAVAILABLE_FR[blocker] }}>
        {blocker === 'address_unverified' ? <AddressNotice email={viewer.email} csrf={viewer.csrf} /> : ''}
      </KeysPage>,
    );
  });

  app.post('/api-keys', { config: adminsOnly, schema: { hide: true, body: NewKey } }, async (request, reply) => {
    const agency = (await findAgency(db, agencyOf(request)))!;
    const creator = { emailVerified: Boolean(signedIn(request).principal.emailVerified) };
    const blocker = request.body.env === 'live' ? liveKeysBlocker(agency, creator) : null;
    if (blocker) return message(request, reply, 403, 'Clé LIVE indisponible', LIVE_KEYS_UNAVAILABLE_FR[blocker]);
    const scopes = request.body.scopes === undefined ? undefined : ([] as Scope[]).concat(request.body.scopes as Scope | Scope[]);
    if (scopes !== undefined && scopes.length === 0)
      return message(request, reply, 400, 'Aucun droit choisi', 'Cochez au moins un droit pour la clé.');
    const created = await createKey(db, { agencyId: agency.id, env: request.body.env, name: request.body.name, scopes, creator });
    if (!created.ok) throw failWith(created); // suspended or unverified since the check above
    return page(
      reply,
      201,
      <KeyCreatedPage
        viewer={viewerOf(request)}
        name={created.value.record.name}
        env={created.value.record.env}
        value={created.value.key}
      />,
    );
  });

  app.get('/api-keys/:keyId/revoke', { config: adminsOnly, schema: { hide: true, params: KeyIdParams } }, async (request, reply) => {
    const key = await findOwnKey(db, agencyOf(request), request.params.keyId);
    if (!key) return unknownKey(request, reply);
    return page(reply, 200, <RevokePage viewer={viewerOf(request)} keyId={key.id} name={key.name} />);
  });
  app.post(
    '/api-keys/:keyId/revoke',
    { config: adminsOnly, schema: { hide: true, params: KeyIdParams, body: Type.Object(CsrfField) } },
    async (request, reply) => {
      const revoked = await revokeOwnKey(db, keys, agencyOf(request), request.params.keyId);
      if (!revoked.ok) return unknownKey(request, reply);
      return space.seeOther(reply, '/pro/api-keys?fait=revoquee');
    },
  );
};
