import multipart, { type MultipartFile } from '@fastify/multipart';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findAgency } from '../../../domain/agencies/agency-store.js';
import { getImport, importPoliris, listImports, POLIRIS_UPLOAD_LIMIT } from '../../../domain/poliris/import.js';
import type { AgencyEnv } from '../../../domain/tenant.js';
import { signedIn } from '../../http/plugins/session-auth.js';
import { adminsOnly, type ProSpace } from '../space.js';
import { ImportReportPage, ImportsPage } from './views/imports-page.js';

const REPORTS_SHOWN = 20;
const ImportIdParams = Type.Object({ importId: Type.String({ pattern: '^imp_[0-9A-Za-z]{1,60}$' }) });

/** The file of the form, as the multipart plugin leaves it in the body. */
interface SentFile {
  fileName: string;
  bytes: Buffer;
  /** Cut at the size limit: refused without reading it. */
  truncated: boolean;
}

/**
 * An agency not yet verified has no LIVE key, so no listing on the site: its files go to the
 * sandbox, as a push of its TEST key would.
 */
const tenantOf = (space: ProSpace, request: FastifyRequest): AgencyEnv => ({
  agencyId: space.agencyOf(request),
  env: signedIn(request).principal.liveKeys ? 'live' : 'test',
});

const statusOf = (code: string) => (code === 'conflict' ? 409 : code === 'payload_too_large' ? 413 : 400);
const TOO_LARGE = `Le fichier dépasse ${POLIRIS_UPLOAD_LIMIT / (1024 * 1024)} Mo : envoyez l’archive ZIP plutôt que le fichier Annonces.csv seul.`;

/**
 * `/pro/imports` « Importer un fichier » (docs/site-and-spaces.md): an agency with no developer
 * sends its passerelle file from a form (no script) and reads the report of each import, those
 * of the scheduled pull and the SFTP drop included. Admins only: a file replaces the whole set.
 */
export const importsPages: FastifyPluginAsyncTypebox<{ space: ProSpace }> = async (app, { space }) => {
  const { db, now } = app.services;
  const { page, viewerOf } = space;
  const listPage = async (request: FastifyRequest, refusal: string | null) => {
    const tenant = tenantOf(space, request);
    const reports = await listImports(db, tenant, REPORTS_SHOWN);
    return <ImportsPage viewer={viewerOf(request)} reports={reports} sandbox={tenant.env === 'test'} refusal={refusal} />;
  };

  app.get('/imports', { config: adminsOnly, schema: { hide: true } }, async (request, reply) =>
    page(reply, 200, await listPage(request, null)),
  );

  app.get('/imports/:importId', { config: adminsOnly, schema: { hide: true, params: ImportIdParams } }, async (request, reply) => {
    const report = await getImport(db, tenantOf(space, request), request.params.importId);
    // Another agency's report is answered exactly as an unknown one.
    if (!report) return space.message(request, reply, 404, 'Rapport introuvable', 'Aucun import de votre agence n’a cet identifiant.');
    return page(reply, 200, <ImportReportPage viewer={viewerOf(request)} report={report} />);
  });

  // The upload has a scope of its own: the multipart parser serves this form only.
  await app.register(async (upload) => {
    await upload.register(multipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: false,
      limits: { fileSize: POLIRIS_UPLOAD_LIMIT, files: 1, fields: 4, parts: 5 },
      async onFile(part: MultipartFile) {
        const bytes = await part.toBuffer();
        (part as unknown as { value: SentFile }).value = { fileName: part.filename, bytes, truncated: part.file.truncated };
      },
    });
    upload.post('/imports', { config: adminsOnly, schema: { hide: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as { fichier?: SentFile | string; force?: string };
      const sent = typeof body.fichier === 'object' ? body.fichier : null;
      const again = async (status: number, text: string) => space.page(reply, status, await listPage(request, text));
      if (!sent || sent.bytes.length === 0) return again(400, 'Choisissez le fichier à importer : aucun fichier n’a été reçu.');
      if (sent.truncated) return again(413, TOO_LARGE);
      const agency = await findAgency(db, space.agencyOf(request));
      if (agency?.suspendedAt) return again(403, 'Votre agence est suspendue : aucun import n’est possible tant qu’elle l’est.');
      const kind = sent.bytes.subarray(0, 2).toString('latin1') === 'PK' ? 'zip' : 'csv';
      const options = { origin: 'upload' as const, fileName: sent.fileName.slice(0, 255) || null, force: body.force === 'true' };
      const outcome = await importPoliris(db, tenantOf(space, request), { kind, bytes: sent.bytes }, options, now);
      if (!outcome.ok) return space.page(reply, statusOf(outcome.code), await listPage(request, outcome.detail));
      return space.seeOther(reply, `/pro/imports/${outcome.value.importId}`);
    });
  });
};
