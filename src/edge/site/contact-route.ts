import type { FastifyPluginAsync } from 'fastify';
import { checkLeadInput } from '../../domain/leads/lead-input.js';
import { receiveLead } from '../../domain/leads/receive.js';
import { findPublicListing } from '../../domain/public-listings/find.js';
import { listingPath } from '../../domain/public-listings/visibility.js';
import { goneHtml, notFoundHtml, problemHtml, thanksHtml, tooManyMessagesHtml } from './pages.js';
import { formFields, html, isFormPost } from './replies.js';
import type { SiteContext } from './site-context.js';
import { listingPage, SERVICE_ID } from './listing-page.js';

/** A contact form's fields fit in a few KiB; a larger body is refused before it is parsed. */
export const CONTACT_BODY_LIMIT = 16 * 1024;

/**
 * POST /listings/{serviceId}/contact: a visitor's message to the agency. The listing is read once,
 * on the primary: it answers 410 or 404, shows the form again with its errors, and goes with the
 * message to the leads capability.
 */
export const contactRoute: FastifyPluginAsync<SiteContext> = async (app, { audience }) => {
  const { db, config, now } = app.services;
  app.post(`${listingPath(':serviceId')}/contact`, { schema: { hide: true }, bodyLimit: CONTACT_BODY_LIMIT }, async (request, reply) => {
    const { serviceId } = request.params as { serviceId: string };
    if (!isFormPost(request)) return html(reply, 415, problemHtml(415), 'no-store');
    const fields = formFields(request);
    if (!SERVICE_ID.test(serviceId)) return html(reply, 404, notFoundHtml(), 'no-store');
    const found = await findPublicListing(db, serviceId);
    if (found.kind !== 'public')
      return html(reply, found.kind === 'gone' ? 410 : 404, found.kind === 'gone' ? goneHtml() : notFoundHtml(), 'no-store');
    // A robot filled the hidden field: it is thanked like anyone, and nothing is stored.
    const honeypot = fields.website;
    if (honeypot !== undefined && honeypot !== '') return html(reply, 200, thanksHtml(found.listing.title, serviceId), 'no-store');
    const checked = checkLeadInput(fields);
    if (!checked.ok) {
      const shown = listingPage(found, config.siteUrl, 400, { values: checked.typed, errors: checked.errors });
      return html(reply, shown.status, shown.body, 'no-store');
    }
    const received = await receiveLead(
      db,
      found.listing,
      checked.input,
      { address: request.ip, now: now(), perHour: config.siteContactsPerHour },
      config,
    );
    if (!received.ok) {
      if (received.code === 'rate_limit_exceeded') {
        const retryAfter = Number(received.headers?.['retry-after'] ?? 3600);
        return html(reply.header('retry-after', String(retryAfter)), 429, tooManyMessagesHtml(retryAfter), 'no-store');
      }
      return html(reply, 410, goneHtml(), 'no-store');
    }
    if (!received.value.withheld) audience.contacted(request, serviceId);
    return html(reply, 200, thanksHtml(found.listing.title, serviceId), 'no-store');
  });
};
