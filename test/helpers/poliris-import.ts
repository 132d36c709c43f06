import { refuse } from '../../src/platform/outcome.js';
import type { LineIssue, PolirisFile, RawLine, UnreadableLine } from '../../src/domain/poliris/contract.js';
import type { ImportParts } from '../../src/domain/poliris/import.js';
import type { MappedLine } from '../../src/domain/poliris/read-listing.js';
import { validateIngestItem } from '../../src/edge/ingestion/validate.js';
import { ingestItem } from './listings.js';

/**
 * A stand-in for the reader and the mapper, to test the import alone: the upload's bytes are
 * JSON, one entry a line. `{ id, ref?, bad?, price? }` is a listing line (`bad` refuses it with
 * rank 11), `null` a line that cannot be read; the whole upload `"refuse"` is a file refused whole.
 */
export type FakeLine = { id: string; ref?: string; bad?: boolean; price?: number } | null;

export const fakeUpload = (lines: FakeLine[] | 'refuse') => ({ kind: 'csv' as const, bytes: Buffer.from(JSON.stringify(lines)) });

const issue = (line: number, reference: string | null, code: string): LineIssue => ({
  line,
  reference,
  rank: 11,
  field: 'Prix',
  code,
  message: 'Prix illisible',
});

export const fakeParts: ImportParts = {
  async open(upload) {
    const lines = JSON.parse(upload.bytes.toString()) as FakeLine[] | 'refuse';
    if (lines === 'refuse') return refuse('validation_error', 'Ce fichier n’est pas une archive ZIP.');
    const file: PolirisFile = {
      encoding: 'utf-8',
      bytes: 0,
      config: {},
      warnings: [],
      async *lines(): AsyncGenerator<RawLine | UnreadableLine> {
        for (const [i, entry] of lines.entries()) {
          const line = i + 1;
          if (entry === null) yield { line, issue: { ...issue(line, null, 'too_few_fields'), rank: null, field: null } };
          else yield { line, fields: [entry.id, entry.ref ?? `REF-${entry.id}`, entry.bad ? 'bad' : 'ok', String(entry.price ?? 250_000)] };
        }
      },
    };
    return { ok: true, value: file };
  },
  read(raw: RawLine): MappedLine {
    const [externalId, reference, kind, price] = raw.fields as [string, string, string, string];
    if (kind === 'bad') return { ok: false, line: raw.line, reference, externalId, errors: [issue(raw.line, reference, 'bad_price')] };
    const checked = validateIngestItem(ingestItem(externalId, { price: Number(price) }));
    if (!checked.ok) throw new Error(`fake line ${raw.line}: ${checked.detail}`);
    return { ok: true, line: raw.line, reference, externalId, draft: checked.draft, warnings: [] };
  },
  rankOf: (field) =>
    field === 'price' ? { rank: 11, field: 'Prix' } : field === 'externalId' ? { rank: 175, field: 'Identifiant technique' } : null,
};

export const fakeLines = (count: number, prefix: string, extra: Partial<NonNullable<FakeLine>> = {}): FakeLine[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}-${i}`, ...extra }));
