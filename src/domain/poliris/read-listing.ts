import type { ListingDraft } from '../listing-model/model.js';
import type { LineIssue, RawLine } from './contract.js';

/** A line read as a listing: the draft to write, or why the line is refused. */
export type MappedLine =
  | { ok: true; line: number; reference: string | null; externalId: string; draft: ListingDraft; warnings: LineIssue[] }
  | { ok: false; line: number; reference: string | null; externalId: string | null; errors: LineIssue[] };

/** One line of `Annonces.csv` mapped to the listing model (docs/poliris.md), checked against its bounds. */
export function readPolirisLine(raw: RawLine): MappedLine {
  void raw;
  throw new Error('readPolirisLine: not written yet');
}

/**
 * Where a refusal of the write path (a model field such as `price`, `photos[3].url`, `dpeDate`)
 * points in the format: the rank and French name of the field it came from, or null.
 */
export function rankOfModelField(field: string): { rank: number; field: string } | null {
  void field;
  throw new Error('rankOfModelField: not written yet');
}
