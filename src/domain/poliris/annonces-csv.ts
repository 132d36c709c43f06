import type { RawLine, UnreadableLine } from './contract.js';

/**
 * The line syntax of `Annonces.csv`, read and written in one place: each field in double
 * quotes, `!#` between fields, CRLF (LF read too), `<BR>` for a line break inside a field.
 */

/** Splits decoded text into lines of fields, as it streams in. */
export async function* annoncesLines(text: AsyncIterable<string>): AsyncGenerator<RawLine | UnreadableLine> {
  void text;
  yield* [];
  throw new Error('annoncesLines: not written yet');
}

/** One line of `Annonces.csv`, CRLF included. */
export function encodeAnnoncesLine(fields: readonly string[]): string {
  void fields;
  throw new Error('encodeAnnoncesLine: not written yet');
}
