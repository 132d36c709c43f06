import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CsrfField } from '../../http/session-space.js';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { liveKeysBlocker } from '../../../domain/agencies/live-keys.js';
import { clearPullUrl, pullSettings, setPullUrl } from '../../../domain/poliris/pull-settings.js';
import {
  addDropKey,
  clearDropPassword,
  dropHostFingerprint,
  dropLogins,
  removeDropKey,
  setDropPassword,
} from '../../../domain/poliris/drop-accounts.js';
import type { Outcome } from '../../../platform/outcome.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { PasserellePage, type PasserelleView } from '../views/passerelle-page.js';

const FLASHES: Record<string, string> = {
  adresse: 'Adresse enregistrée : le fichier sera récupéré dans les prochaines minutes.',
  arret: 'Récupération planifiée arrêtée.',
  'mot-de-passe': 'Mot de passe du dépôt SFTP enregistré.',
  'sans-mot-de-passe': 'Mot de passe retiré : seules les clés publiques ouvrent ce dépôt.',
  cle: 'Clé publique ajoutée.',
  'cle-retiree': 'Clé publique retirée.',
};
const LIVE_WAITS = {
  unverified: 'Les envois LIVE commenceront une fois le SIREN de l’agence vérifié : vous pouvez les préparer dès maintenant.',
  suspended: 'Votre agence est suspendue : aucun envoi LIVE n’est importé avant la levée de la suspension.',
};

const Env = Type.Union([Type.Literal('live'), Type.Literal('test')]);
// Text fields are optional so that a form sent without them is answered by the page's own French message (and an agent by the role's 403).
const EnvForm = Type.Object({ ...CsrfField, env: Env });
const PullForm = Type.Object({ ...CsrfField, env: Env, url: Type.Optional(Type.String({ maxLength: 4_000 })) });
const PasswordForm = Type.Object({ ...CsrfField, env: Env, password: Type.Optional(Type.String({ maxLength: 1_000 })) });
const KeyForm = Type.Object({ ...CsrfField, env: Env, publicKey: Type.Optional(Type.String({ maxLength: 20_000 })) });
const RemoveKeyForm = Type.Object({ ...CsrfField, env: Env, fingerprint: Type.Optional(Type.String({ maxLength: 100 })) });
const FlashQuery = Type.Object({ fait: Type.Optional(Type.String({ maxLength: 20 })) });

async function viewOf(app: FastifyInstance, agencyId: string, flash: string | null): Promise<PasserelleView> {
  const { db, config } = app.services;
  const agency = (await findAgency(db, agencyId))!;
  const blocker = liveKeysBlocker(agency);
  return {
    pulls: await pullSettings(db, agencyId),
    logins: await dropLogins(db, agencyId),
    sftp: { host: new URL(config.baseUrl).hostname, port: config.sftpPort, fingerprint: await dropHostFingerprint(db) },
    liveWaits: blocker && LIVE_WAITS[blocker],
    flash,
  };
}

/**
 * `/pro/passerelle` (docs/site-and-spaces.md): the two ways the agency's software sends its
 * passerelle file without anyone uploading it, the scheduled pull of a URL and the SFTP drop
 * with its logins. Admins only, as keys and webhooks; every form carries the session's token.
 */
export const passerellePages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, config, now } = app.services;
  const show = { config: adminsOnly, schema: { hide: true, querystring: FlashQuery } };
  app.get('/passerelle', show, async (request, reply) => {
    const view = await viewOf(app, space.agencyOf(request), FLASHES[request.query.fait ?? ''] ?? null);
    return space.page(reply, 200, <PasserellePage viewer={space.viewerOf(request)} view={view} />);
  });

  /** Back to the page with the flash `done`, or the page again with what was typed and why it was refused. */
  const settle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    env: 'live' | 'test',
    outcome: Outcome<unknown>,
    typed: Record<string, string>,
    done: string,
  ) => {
    if (outcome.ok) return space.seeOther(reply, `/pro/passerelle?fait=${done}`);
    const view = await viewOf(app, space.agencyOf(request), null);
    const errors = outcome.errors ?? [{ field: Object.keys(typed)[0] ?? 'env', message: outcome.detail }];
    return space.page(reply, 400, <PasserellePage viewer={space.viewerOf(request)} view={{ ...view, refused: { env, typed, errors } }} />);
  };
  const tenantOf = (request: FastifyRequest, env: 'live' | 'test') => ({ agencyId: space.agencyOf(request), env });
  const ok: Outcome<null> = { ok: true, value: null };

  app.post('/passerelle/pull', { config: adminsOnly, schema: { hide: true, body: PullForm } }, async (request, reply) => {
    const { env } = request.body;
    const url = (request.body.url ?? '').trim();
    const outcome = await setPullUrl(db, tenantOf(request, env), url, { allowPrivate: config.webhooks.allowPrivate }, now());
    return settle(request, reply, env, outcome, { url }, 'adresse');
  });
  app.post('/passerelle/pull/clear', { config: adminsOnly, schema: { hide: true, body: EnvForm } }, async (request, reply) => {
    await clearPullUrl(db, tenantOf(request, request.body.env));
    return settle(request, reply, request.body.env, ok, {}, 'arret');
  });
  app.post('/passerelle/sftp/password', { config: adminsOnly, schema: { hide: true, body: PasswordForm } }, async (request, reply) => {
    const { env, password = '' } = request.body;
    const outcome = await setDropPassword(db, tenantOf(request, env), password, now());
    return settle(request, reply, env, outcome, { password: '' }, 'mot-de-passe');
  });
  app.post('/passerelle/sftp/password/clear', { config: adminsOnly, schema: { hide: true, body: EnvForm } }, async (request, reply) => {
    await clearDropPassword(db, tenantOf(request, request.body.env));
    return settle(request, reply, request.body.env, ok, {}, 'sans-mot-de-passe');
  });
  app.post('/passerelle/sftp/keys', { config: adminsOnly, schema: { hide: true, body: KeyForm } }, async (request, reply) => {
    const { env, publicKey = '' } = request.body;
    const outcome = await addDropKey(db, tenantOf(request, env), publicKey, now());
    return settle(request, reply, env, outcome, { publicKey }, 'cle');
  });
  app.post('/passerelle/sftp/keys/remove', { config: adminsOnly, schema: { hide: true, body: RemoveKeyForm } }, async (request, reply) => {
    const { env, fingerprint = '' } = request.body;
    if (!(await removeDropKey(db, tenantOf(request, env), fingerprint)))
      return space.message(request, reply, 404, 'Clé introuvable', 'Ce dépôt SFTP n’a pas de clé publique de cette empreinte.');
    return settle(request, reply, env, ok, {}, 'cle-retiree');
  });
};
