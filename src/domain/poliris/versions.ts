/**
 * The field counts of the format's 4.x revisions. A line is read when its count is one a
 * revision has; rank 301 (added by 4.08 revision 006, so absent from shorter lines) names the
 * version and revision the exporter claims, such as `4.08-007` or `4.09`.
 *
 * Each revision only appends ranks at the end of the line, so a shorter line is an older
 * revision, never a line with holes. The counts, from the public description's revision
 * history and the 334-rank header lists exporters publish:
 */
export const FORMAT_REVISIONS = [
  { version: '4.08', fields: 255, added: 'ranks 1–255' },
  { version: '4.08-002', fields: 294, added: 'photos 21–30 and their titles, co-ownership (Loi Alur), ranks 256–294' },
  { version: '4.08-003', fields: 297, added: 'land and house-model prices (« Construire »), ranks 295–297' },
  { version: '4.08-005', fields: 299, added: 'latitude and longitude, ranks 298–299' },
  { version: '4.08-006', fields: 300, added: 'GPS precision, rank 300' },
  {
    version: '4.08-007',
    fields: 307,
    added: 'the version at rank 301, fees and tenant charges (Loi Alur), the fee scale URL, ranks 301–307',
  },
  { version: '4.08-007', fields: 323, added: 'house models, ranks 308–323 (February 2018)' },
  { version: '4.09', fields: 329, added: 'DPE date, version and costs, terrace surface, ranks 324–329 (May 2021)' },
  {
    version: '4.09',
    fields: 334,
    added: 'annual energy cost, rent control (base rent, capped reference rent, zone), final energy, ranks 330–334',
  },
] as const;

/** The rank that holds the format version on lines of 4.08 revision 006 and later. */
export const VERSION_RANK = 301;

/** Every accepted count, ascending. */
export const FIELD_COUNTS: readonly number[] = FORMAT_REVISIONS.map((revision) => revision.fields);

const ACCEPTED = new Set<number>(FIELD_COUNTS);

export const isKnownFieldCount = (count: number): boolean => ACCEPTED.has(count);

/** The accepted count closest to `count` (the larger one on a tie): what the line most likely meant to have. */
export function nearestFieldCount(count: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const candidate of FIELD_COUNTS) {
    if (Math.abs(candidate - count) <= Math.abs(best - count)) best = candidate;
  }
  return best;
}

/** The version a line claims at rank 301, or null when it has no such rank or leaves it empty. */
export function versionOf(fields: readonly string[]): string | null {
  const version = fields[VERSION_RANK - 1]?.trim();
  return version ? version : null;
}
