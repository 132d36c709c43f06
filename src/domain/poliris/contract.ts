/**
 * The passerelle format (« Poliris », SeLoger's exchange format 4.x) as the service reads and
 * writes it: the types its parts hand one another. Reading (`archive.ts`, `annonces-csv.ts`),
 * mapping (`read-listing.ts`, `write-listing.ts`, `ranks.ts`), importing (`import.ts`), and
 * writing (`passerelle-zip.ts`) each own one part; docs/poliris.md gives the field mapping.
 */

/** One listing line of `Annonces.csv` as read: its 1-based line number and its fields, rank 1 first. */
export interface RawLine {
  line: number;
  /** Field values with quotes removed, decoded, `<BR>` turned into a line break. `fields[0]` is rank 1. */
  fields: string[];
}

/** What is wrong (or worth saying) about one line or one entry, in the report an agency reads. */
export interface LineIssue {
  /** 1-based line of `Annonces.csv`; null for the file as a whole or another entry (`Photos.cfg`). */
  line: number | null;
  /** The agency's reference (rank 2) when the line has one. */
  reference: string | null;
  /** The field's rank in the format, and its French name, when one field is at fault. */
  rank: number | null;
  field: string | null;
  /** A short stable code (`too_few_fields`, `unknown_property_type`, `photo_file_not_hosted`…). */
  code: string;
  /** In French, for the agency. */
  message: string;
}

/** A line that cannot be read as fields at all (broken quoting, wrong field count, NUL byte). */
export interface UnreadableLine {
  line: number;
  issue: LineIssue;
}

/** An opened passerelle file. `lines()` may be iterated more than once: each call reads the entry again. */
export interface PolirisFile {
  /** `utf-8` or `windows-1252`, decided once for the whole entry. */
  encoding: 'utf-8' | 'windows-1252';
  /** The size of `Annonces.csv` in bytes, as read through once at opening. */
  bytes: number;
  /** `Config.txt`'s `key=value` pairs (empty when absent or for a bare `Annonces.csv`). */
  config: Readonly<Record<string, string>>;
  /** Warnings about the archive itself (photo files inside it, unknown entries, `Photos.cfg`). */
  warnings: LineIssue[];
  /**
   * The lines in order; a line that cannot be split into fields comes as an `UnreadableLine`.
   * Should the file turn out refused whole while it is read again (opening already read it
   * through once), the iteration throws a `PolirisFileError` (archive.ts) carrying the refusal.
   */
  lines(): AsyncIterable<RawLine | UnreadableLine>;
}
