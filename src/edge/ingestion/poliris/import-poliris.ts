import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, failWith } from '../../http/errors.js';
import { errorResponses, IdempotencyHeader } from '../../http/schemas.js';
import { ruleErrorLogger } from '../../http/plugins/request-log.js';
import { tenantOf } from '../../http/tenant.js';
import { validatorCompiler } from '../../http/validation.js';
import { importPoliris, POLIRIS_UPLOAD_LIMIT } from '../../../domain/poliris/import.js';
import { takeBodiesAsBytes, UploadBody, ZIP_TYPES, CSV_TYPES, SNIFFED_TYPE } from './upload-body.js';
import { ImportAnswer, importAnswer } from './import-answer.js';

const MIB = POLIRIS_UPLOAD_LIMIT / (1024 * 1024);
const binary = (description: string) => ({ schema: { type: 'string', format: 'binary', maxLength: POLIRIS_UPLOAD_LIMIT, description } });

const schema = {
  tags: ['ingestion'],
  operationId: 'importPoliris',
  summary: 'Import a passerelle file (Poliris 4.x): the agency’s whole set, as one full sync session',
  description:
    'The body is the passerelle ZIP that agency software sends to portals (Annonces.csv, Config.txt, Photos.cfg) as application/zip, ' +
    'or Annonces.csv alone as text/csv; application/octet-stream is read as a ZIP when it starts like one, else as Annonces.csv. ' +
    'The file is the agency’s whole set (« annule et remplace »): it runs as one full sync session, so the listings on the market ' +
    'it no longer holds are withdrawn. Its lines are written in batches through the same write path as ingestListings; a bad line is ' +
    'reported in errors[] (line, the agency’s reference, the field’s rank and name, a French message) and the others are still written. ' +
    'A line with a readable identifier (rank 175) counts as seen even when refused, so its listing is never withdrawn for it. ' +
    'Over the 20 % withdrawal cap of a sync the answer is 409 and nothing changes, unless the query has force=true. ' +
    `A body over ${MIB} MiB is refused at once (413), as is a ZIP that would expand past the reader’s limits; a file that is no ` +
    'passerelle file (not a ZIP, no Annonces.csv, empty, encrypted…) is refused whole (400) and nothing is written. ' +
    'One import or sync session at a time per agency and environment (409). The answer comes when the import is done; ' +
    'every report, refusals included, is kept for the pro space (« Importer un fichier »). docs/poliris.md gives the field mapping.',
  security: [{ bearerAuth: [] }],
  headers: IdempotencyHeader,
  querystring: Type.Object(
    {
      force: Type.Optional(
        Type.Union([Type.Literal('true'), Type.Literal('false')], {
          default: 'false',
          description: 'Withdraw even more than 20 % of the listings on the market.',
        }),
      ),
      fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'The file’s name, shown with its report.' })),
    },
    { additionalProperties: false },
  ),
  body: {
    content: {
      'application/zip': binary('The passerelle ZIP.'),
      'text/csv': binary('Annonces.csv alone (UTF-8 or Windows-1252).'),
      'application/octet-stream': binary('Either; a ZIP is recognised by its first bytes.'),
    },
  },
  response: {
    200: ImportAnswer,
    ...errorResponses(409),
    409: {
      description:
        'conflict: the file would withdraw more than 20 % of the listings on the market (send force=true), or another import or sync session ' +
        'of the agency is running, or the Idempotency-Key was used with another body.',
      content: { 'application/problem+json': { schema: Type.Ref('Problem') } },
    } as never,
  },
};

/** POST /ingest/poliris: a passerelle file imported whole, its report in the answer. */
export const importPolirisRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.services;
  takeBodiesAsBytes(app, POLIRIS_UPLOAD_LIMIT);
  app.post(
    '/poliris',
    {
      bodyLimit: POLIRIS_UPLOAD_LIMIT,
      config: { scope: 'listings:write' },
      // The bytes are the reader's to judge; the schema above documents them.
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => true : validatorCompiler(route)),
      schema: schema as never,
    },
    async (request, reply) => {
      const body = request.body;
      if (!(body instanceof UploadBody)) {
        throw new ApiError(
          'unsupported_media_type',
          `Send the passerelle ZIP as ${ZIP_TYPES[0]}, or Annonces.csv alone as ${CSV_TYPES[0]} (${SNIFFED_TYPE} is read by its first bytes)`,
        );
      }
      const query = request.query as { force?: 'true' | 'false'; fileName?: string };
      const tenant = tenantOf(request);
      const log = ruleErrorLogger(request);
      const outcome = await importPoliris(
        db,
        tenant,
        body.upload,
        {
          origin: 'upload',
          fileName: query.fileName ?? null,
          force: query.force === 'true',
          onRuleError: (error) => log('poliris', error),
        },
        now,
      );
      if (!outcome.ok) throw failWith(outcome);
      const { created, updated, unchanged } = outcome.value;
      reply.listingsSynced = created + updated + unchanged;
      return importAnswer(outcome.value);
    },
  );
};
