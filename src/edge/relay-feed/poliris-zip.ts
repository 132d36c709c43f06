import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../http/schemas.js';
import { relaySetAsPasserelle } from '../../domain/poliris/relay-passerelle.js';

const PASSERELLE_ZIP = {
  description:
    'A passerelle ZIP (SeLoger exchange format 4.x): Annonces.csv in UTF-8, one relayed listing a line with every field in rank order, ' +
    'Config.txt and Photos.cfg (Mode=URL: photos are URLs in their ranks). Streamed as it is made.',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
};

/**
 * The relayed set as one passerelle file (docs/interfaces.md, "The partner relay"): what a
 * partner paging the JSON feed from 0 would hold, for portals that read the agencies' format.
 * Registered inside the relay feed's scope, behind its RELAY_TOKEN.
 */
export const polirisZipRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/poliris.zip',
    {
      // Fastify would answer HEAD by running the handler and draining the stream: the whole set read for nothing.
      exposeHeadRoute: false,
      schema: {
        tags: ['relay'],
        operationId: 'relayPolirisZip',
        summary: 'The whole relayed set as a passerelle ZIP (« annule et remplace »)',
        description:
          'Every listing public and shared with the relay, as the public sees it (masked texts, no address, no contact, mandate or owner field), ' +
          'each once, ordered by serviceId. Like an agency’s file, it is the whole set: a listing it no longer holds has left the relay. ' +
          'A listing that changes while the file is read may come in its former state; take the JSON feed to follow changes within seconds.',
        security: [{ relayAuth: [] }],
        response: { 200: PASSERELLE_ZIP, ...errorResponses(401) },
      },
    },
    async (_request, reply) => {
      // A partner downloads it again the next night: it may come from the replica (readDb).
      // Fastify destroys the stream if the client goes, which ends the database reads.
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="relais-poliris.zip"')
        .send(relaySetAsPasserelle(app.services.readDb));
    },
  );
};
