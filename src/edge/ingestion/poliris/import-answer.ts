import { Type } from '@fastify/type-provider-typebox';
import type { ImportReport } from '../../../domain/poliris/import.js';
import { REPORT_ISSUES_MAX } from '../../../domain/poliris/import-reports.js';
import { ID_MAX_LENGTH } from '../../../platform/db/ids.js';
import { Count, Int, Text } from '../../../platform/validation/schema-types.js';

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Issue = Type.Object({
  line: Nullable(Int(1, 2_147_483_647, { description: 'The line of Annonces.csv (1 is the first); null for the file as a whole.' })),
  reference: Nullable(Text(500, { description: 'The agency’s reference of the listing (rank 2), when the line has one.' })),
  rank: Nullable(Int(1, 1_000, { description: 'The field’s rank in the format, when one field is at fault.' })),
  field: Nullable(Text(200, { description: 'The field’s name in the format, in French.' })),
  code: Text(100, { description: 'A stable code (too_few_fields, unknown_property_type, photo_file_not_hosted…).' }),
  message: Text(2_000, { description: 'What is wrong, in French, for the agency.' }),
});

export const ImportAnswer = Type.Object({
  importId: Type.String({ maxLength: ID_MAX_LENGTH, description: 'The report’s id; the pro space shows it.' }),
  syncId: Type.String({ maxLength: ID_MAX_LENGTH, description: 'The full sync session the import ran as.' }),
  lines: Count(undefined, { description: 'Listing lines in Annonces.csv, readable or not.' }),
  created: Count(),
  updated: Count(),
  unchanged: Count(),
  withdrawn: Count(undefined, { description: 'Listings on the market the file no longer holds, now withdrawn.' }),
  errorCount: Count(undefined, { description: `Errors in all; errors[] lists the first ${REPORT_ISSUES_MAX}.` }),
  warningCount: Count(undefined, { description: `Warnings in all; warnings[] lists the first ${REPORT_ISSUES_MAX}.` }),
  errors: Type.Array(Issue, { maxItems: REPORT_ISSUES_MAX, description: 'Lines not written, and why.' }),
  warnings: Type.Array(Issue, { maxItems: REPORT_ISSUES_MAX, description: 'Lines written with a remark, and remarks on the file.' }),
});

/** The answer of an import that ran (a refused file is a problem answer instead). */
export const importAnswer = (report: ImportReport) => ({
  importId: report.importId,
  syncId: report.syncId ?? '',
  lines: report.lines,
  created: report.created,
  updated: report.updated,
  unchanged: report.unchanged,
  withdrawn: report.withdrawn,
  errorCount: report.errorCount,
  warningCount: report.warningCount,
  errors: report.errors,
  warnings: report.warnings,
});
