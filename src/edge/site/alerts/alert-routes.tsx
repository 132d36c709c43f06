import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requestAlert } from '../../../domain/alerts/request.js';
import {
  confirmAlert,
  deleteFromPage,
  readAddressAlerts,
  readConfirmation,
  readUnsubscribe,
  unsubscribe,
} from '../../../domain/alerts/visitor-side.js';
import { ALERTS_PATH, alertConfirmPath, alertManagePath, alertUnsubscribePath } from '../../../domain/alerts/links.js';
import { isAlertFrequency } from '../../../domain/alerts/alert-model.js';
import { renderDocument } from '../../html/render.js';
import { problemHtml } from '../pages.js';
import { formFields, html, isFormPost } from '../replies.js';
import { alertSearchFrom } from './alert-search.js';
import { EMPTY_ALERT, type AlertFormValues } from '../views/alert-form.js';
import {
  AlertFormPage,
  AlreadyUnsubscribedPage,
  CheckMailPage,
  ConfirmedPage,
  ConfirmPage,
  ExpiredConfirmationPage,
  InvalidLinkPage,
  ManagePage,
  TooManyAlertRequestsPage,
  UnsubscribedPage,
  UnsubscribePage,
} from './views/alert-pages.js';

/** An alert form is a search's few parameters, an e-mail and a frequency: a few KiB at most. */
export const ALERT_BODY_LIMIT = 16 * 1024;

const DELETED = 'supprimee';
const ALREADY = 'deja-supprimee';
const ALERT_ID = /^[1-9]\d{0,17}$/;

/**
 * E-mail alerts on the public site (docs/decisions.md §18, docs/site-and-spaces.md). `POST /alerts`
 * asks for one (the form of a results page), `GET /alerts/new?…` shows the form alone; the
 * private links of alert mails open `/alerts/confirm/{token}`, `/alerts/manage/{token}` and
 * `/alerts/unsubscribe/{token}`. The domain's alerts capability does the work; routes render.
 *
 * CSRF: as the contact form, the request form has no session to tie a token to; a forged post
 * can only send a confirmation mail, which confirms nothing by itself (double opt-in), within
 * the per-address limits. The private pages' forms need no token: the 256-bit token in the path
 * is the credential, and a page elsewhere cannot know it. The unsubscribe address takes a
 * POST of any body and type: RFC 8058's one-click POST from a mail client carries no more.
 */
export const alertRoutes: FastifyPluginAsync = async (app) => {
  const { db, config } = app.services;
  const hide = { schema: { hide: true } };
  const now = () => app.services.now();
  const noStore = (reply: FastifyReply, status: number, body: string) => html(reply, status, body, 'no-store');

  app.get(`${ALERTS_PATH}/new`, hide, async (request, reply) => {
    const { search, errors } = alertSearchFrom(request.query as Record<string, unknown>);
    const page = <AlertFormPage search={search} values={EMPTY_ALERT} errors={errors} />;
    return noStore(reply, errors.length ? 400 : 200, renderDocument(page));
  });

  app.post(ALERTS_PATH, { ...hide, bodyLimit: ALERT_BODY_LIMIT }, async (request, reply) => {
    if (!isFormPost(request)) return noStore(reply, 415, problemHtml(415));
    const fields = formFields(request);
    const { search, errors } = alertSearchFrom(fields);
    const typed: AlertFormValues = {
      email: typeof fields.email === 'string' ? fields.email : '',
      frequency: isAlertFrequency(fields.frequency) ? fields.frequency : EMPTY_ALERT.frequency,
    };
    // A robot filled the hidden field: it is answered like anyone, and nothing is stored or sent.
    if (fields.website !== undefined && fields.website !== '')
      return noStore(reply, 200, renderDocument(<CheckMailPage label={search.label} />));
    const again = (status: number, refused: typeof errors) =>
      noStore(reply, status, renderDocument(<AlertFormPage search={search} values={typed} errors={refused} />));
    // The search comes from the form's hidden fields: a refused one was altered, and no alert is made of part of it.
    if (errors.length) return again(400, errors);
    const requested = await requestAlert(
      db,
      { email: fields.email, frequency: fields.frequency, search },
      { address: request.ip, now: now() },
      config,
    );
    if (requested.ok) return noStore(reply, 200, renderDocument(<CheckMailPage label={search.label} />));
    if (requested.code === 'rate_limit_exceeded') {
      const retryAfter = Number(requested.headers?.['retry-after'] ?? 3600);
      const page = <TooManyAlertRequestsPage minutes={Math.max(1, Math.ceil(retryAfter / 60))} />;
      return noStore(reply.header('retry-after', String(retryAfter)), 429, renderDocument(page));
    }
    return again(requested.code === 'conflict' ? 409 : 400, requested.errors ?? []);
  });

  await app.register(privateAlertPages);
};

const tokenOf = (request: FastifyRequest) => (request.params as { token: string }).token;

/** The pages of the private links: never cached, never indexed, the token never sent on in a Referer. */
const privateAlertPages: FastifyPluginAsync = async (app) => {
  const { db } = app.services;
  const hide = { schema: { hide: true } };
  const now = () => app.services.now();
  const page = (reply: FastifyReply, status: number, body: string) => html(reply, status, body, 'no-store');
  const invalid = (reply: FastifyReply) => page(reply, 404, renderDocument(<InvalidLinkPage />));

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    return payload;
  });
  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as multipart/form-data or as a
  // form; the token in the path says everything, so whatever the body is, it is not read.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ALERT_BODY_LIMIT }, (_request, _body, done) => done(null, {}));

  app.get(alertConfirmPath(':token'), hide, async (request, reply) => {
    const token = tokenOf(request);
    const found = await readConfirmation(db, token, now());
    if (found.kind === 'unknown') return invalid(reply);
    if (found.kind === 'expired') return page(reply, 410, renderDocument(<ExpiredConfirmationPage />));
    return page(reply, 200, renderDocument(<ConfirmPage alert={found.alert} token={token} />));
  });

  app.post(alertConfirmPath(':token'), { ...hide, bodyLimit: ALERT_BODY_LIMIT }, async (request, reply) => {
    const confirmed = await confirmAlert(db, tokenOf(request), now());
    if (confirmed.kind === 'unknown') return invalid(reply);
    if (confirmed.kind === 'expired') return page(reply, 410, renderDocument(<ExpiredConfirmationPage />));
    return page(reply, 200, renderDocument(<ConfirmedPage alert={confirmed.alert} manageToken={confirmed.manageToken} />));
  });

  app.get(alertManagePath(':token'), hide, async (request, reply) => {
    const token = tokenOf(request);
    const found = await readAddressAlerts(db, token);
    if (found.kind === 'unknown') return invalid(reply);
    const done = (request.query as Record<string, unknown>).fait;
    const flash = done === DELETED ? 'L’alerte est supprimée.' : done === ALREADY ? 'Cette alerte était déjà supprimée.' : null;
    return page(reply, 200, renderDocument(<ManagePage email={found.email} alerts={found.alerts} token={token} flash={flash} />));
  });

  app.post(`${alertManagePath(':token')}/delete`, { ...hide, bodyLimit: ALERT_BODY_LIMIT }, async (request, reply) => {
    if (!isFormPost(request)) return page(reply, 415, problemHtml(415));
    const token = tokenOf(request);
    const alert = formFields(request).alert;
    if (typeof alert !== 'string' || !ALERT_ID.test(alert)) {
      const found = await readAddressAlerts(db, token);
      return found.kind === 'unknown' ? invalid(reply) : page(reply, 400, problemHtml(400));
    }
    const deleted = await deleteFromPage(db, token, Number(alert));
    if (deleted.kind === 'unknown') return invalid(reply);
    const done = deleted.kind === 'deleted' ? DELETED : ALREADY;
    return reply
      .code(303)
      .header('location', `${alertManagePath(token)}?fait=${done}`)
      .send();
  });

  app.get(alertUnsubscribePath(':token'), hide, async (request, reply) => {
    const token = tokenOf(request);
    const found = await readUnsubscribe(db, token);
    if (found.kind === 'unknown') return invalid(reply);
    if (found.kind === 'already') return page(reply, 410, renderDocument(<AlreadyUnsubscribedPage token={token} />));
    return page(reply, 200, renderDocument(<UnsubscribePage alert={found.alert} token={token} />));
  });

  app.post(alertUnsubscribePath(':token'), { ...hide, bodyLimit: ALERT_BODY_LIMIT }, async (request, reply) => {
    const token = tokenOf(request);
    const done = await unsubscribe(db, token);
    if (done.kind === 'unknown') return invalid(reply);
    if (done.kind === 'already') return page(reply, 410, renderDocument(<AlreadyUnsubscribedPage token={token} />));
    return page(reply, 200, renderDocument(<UnsubscribedPage alert={done.alert} token={token} />));
  });
};
