/**
 * How much of a passerelle file the service reads, the one owner of these bounds: the HTTP
 * routes take their body limits from here, the reader refuses past them.
 *
 * Why these values: `Annonces.csv` carries about 3 KB a listing (up to 30 KB with every text
 * field full), so 256 MiB holds far more than the largest agency network's set (200,000
 * lines); it compresses five to ten times, so 64 MiB of ZIP is ample once photos travel by
 * URL, as the format advises. Photo files inside a ZIP are never expanded, so only the
 * compressed size bounds them. A line past 256 Ki characters is no listing (eight 4,000-character
 * texts, 30 URLs and 300 short fields stay under 64 Ki).
 */
export const POLIRIS_LIMITS = {
  /** The ZIP as sent (the body of `application/zip`). */
  compressedBytes: 64 * 1024 * 1024,
  /** `Annonces.csv` once expanded, and a bare `Annonces.csv` as sent (the body of `text/csv`). */
  annoncesBytes: 256 * 1024 * 1024,
  /** `Config.txt` and `Photos.cfg`: larger ones are ignored with a warning. */
  smallEntryBytes: 64 * 1024,
  /** Entries of the ZIP, photos included (read from its central directory, before anything else). */
  entries: 10_000,
  /** Physical lines of `Annonces.csv`. */
  lines: 200_000,
  /** Characters of one line; a longer line is reported and skipped, never held whole. */
  lineChars: 256 * 1024,
} as const;

export type PolirisLimits = { readonly [K in keyof typeof POLIRIS_LIMITS]: number };

/** A size for the French messages: « 64 Mo », or « 12 Ko » under a mebibyte. */
export const sizeLabel = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} Mo` : `${Math.max(1, Math.round(bytes / 1024))} Ko`;
