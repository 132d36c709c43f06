import type { LineIssue, RawLine, UnreadableLine } from './contract.js';
import { POLIRIS_LIMITS } from './limits.js';
import { FIELD_COUNTS, isKnownFieldCount, nearestFieldCount, versionOf } from './versions.js';

/**
 * The line syntax of `Annonces.csv`, read and written in one place: each field in double
 * quotes, `!#` between fields, CRLF (LF read too), `<BR>` for a line break inside a field.
 *
 * Reading. A line is a physical line of the file (LF ends it, a CR before it is dropped), and
 * its number is its physical line number; blank lines are skipped. Exporters write a double
 * quote inside a text as an apostrophe, so a field ends only at a `"` followed by `!#` and the
 * next field's opening `"` (spaces or tabs around `!#` are allowed), or by the end of the
 * line (a trailing `!#` is allowed). Any other `"` is broken quoting and the line is
 * unreadable: taking it for a character could silently shift every later rank. `!#` inside
 * quotes is text. `<BR>`, `<br/>`, `<br />` in any case become `\n`. A line with a NUL byte, a
 * line longer than the limit, and a field count no 4.x revision has are unreadable too.
 *
 * Writing. `"` becomes `'`, each line break `<BR>`, and `!#` inside a text `! #`, so that a
 * reader splitting on `!#` alone still counts the right number of fields.
 */

const QUOTE = 0x22;
const BANG = 0x21;
const HASH = 0x23;
const BREAK_TAG = /<br[ \t]*\/?>/gi;

export interface AnnoncesSyntaxOptions {
  /** A longer line is reported as unreadable and never held whole. */
  maxLineChars: number;
}

/** A line split into fields, or where its quoting broke (the 1-based rank of the field at fault). */
export type SplitLine = { ok: true; fields: string[] } | { ok: false; rank: number; fields: string[] };

/** Splits decoded text into lines of fields, as it streams in. */
export async function* annoncesLines(
  text: AsyncIterable<string>,
  options: AnnoncesSyntaxOptions = { maxLineChars: POLIRIS_LIMITS.lineChars },
): AsyncGenerator<RawLine | UnreadableLine> {
  const max = options.maxLineChars;
  let pending = '';
  let overlong = false;
  let line = 1;
  let first = true;
  for await (let chunk of text) {
    if (first && chunk.length > 0) {
      first = false;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const whole = overlong ? null : pending + chunk.slice(start, end);
      const read = whole === null || withoutCr(whole).length > max ? lineTooLong(line, max) : readLine(withoutCr(whole), line);
      if (read) yield read;
      pending = '';
      overlong = false;
      line++;
      start = end + 1;
    }
    if (!overlong) {
      const rest = chunk.slice(start);
      // One CR past the limit may still be the CR of a CRLF cut between two chunks.
      overlong = pending.length + rest.length > max + 1;
      pending = overlong ? '' : pending + rest;
    }
  }
  if (overlong) yield lineTooLong(line, max);
  else if (pending.length > 0) {
    const last = withoutCr(pending);
    const read = last.length > max ? lineTooLong(line, max) : readLine(last, line);
    if (read) yield read;
  }
}

const withoutCr = (line: string): string => (line.charCodeAt(line.length - 1) === 0x0d ? line.slice(0, -1) : line);

const isBlank = (code: number): boolean => code === 0x20 || code === 0x09;

/** One physical line (no line break) read as fields; null for a blank line. */
export function readLine(text: string, line: number): RawLine | UnreadableLine | null {
  if (text.length === 0 || (text.charCodeAt(0) !== QUOTE && text.trim().length === 0)) return null;
  if (text.includes('\0')) return unreadable(line, null, null, 'nul_byte', NUL_MESSAGE);
  const split = splitAnnoncesLine(text);
  const reference = split.fields[1] ?? null;
  if (!split.ok) return unreadable(line, reference, split.rank, 'broken_quoting', brokenQuotingMessage(split.rank));
  const count = split.fields.length;
  if (!isKnownFieldCount(count)) {
    const expected = nearestFieldCount(count);
    const code = count < expected ? 'too_few_fields' : 'too_many_fields';
    return unreadable(line, reference, null, code, fieldCountMessage(count, expected, versionOf(split.fields)));
  }
  return { line, fields: split.fields };
}

/** Splits one line (no line break) on its quoted fields; `<BR>` becomes `\n`. No count check. */
export function splitAnnoncesLine(text: string): SplitLine {
  const fields: string[] = [];
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  let open = 0;
  while (open < end && isBlank(text.charCodeAt(open))) open++;
  if (text.charCodeAt(open) !== QUOTE) return { ok: false, rank: 1, fields };
  for (;;) {
    const close = text.indexOf('"', open + 1);
    if (close === -1) return { ok: false, rank: fields.length + 1, fields };
    fields.push(withLineBreaks(text.slice(open + 1, close)));
    let next = close + 1;
    while (next < end && isBlank(text.charCodeAt(next))) next++;
    if (next >= end) return { ok: true, fields };
    if (text.charCodeAt(next) !== BANG || text.charCodeAt(next + 1) !== HASH) return { ok: false, rank: fields.length, fields };
    next += 2;
    while (next < end && isBlank(text.charCodeAt(next))) next++;
    if (next >= end) return { ok: true, fields };
    if (text.charCodeAt(next) !== QUOTE) return { ok: false, rank: fields.length + 1, fields };
    open = next;
  }
}

const withLineBreaks = (field: string): string => (field.includes('<') ? field.replace(BREAK_TAG, '\n') : field);

/** One line of `Annonces.csv`, CRLF included. */
export function encodeAnnoncesLine(fields: readonly string[]): string {
  let line = '';
  for (const field of fields) line += (line.length === 0 ? '"' : '"!#"') + encodeField(field);
  return fields.length === 0 ? '""\r\n' : `${line}"\r\n`;
}

const NEEDS_ENCODING = /["\r\n]|!#/;

function encodeField(value: string): string {
  if (!NEEDS_ENCODING.test(value)) return value;
  return value
    .replace(/"/g, "'")
    .replace(/\r\n|\r|\n/g, '<BR>')
    .replace(/!#/g, '! #');
}

function unreadable(line: number, reference: string | null, rank: number | null, code: string, message: string): UnreadableLine {
  const issue: LineIssue = { line, reference: reference?.trim() || null, rank, field: null, code, message };
  return { line, issue };
}

const NUL_MESSAGE =
  'La ligne contient un caractère nul (octet 0) : elle n’est pas lue. Le fichier est peut-être endommagé ou n’est pas un fichier texte.';

const brokenQuotingMessage = (rank: number): string =>
  `Guillemets mal placés au champ de rang ${rank} : chaque champ s’écrit entre guillemets droits (") et se sépare du suivant ` +
  "par !# ; un guillemet dans un texte s’écrit avec une apostrophe ('). La ligne n’est pas lue.";

function lineTooLong(line: number, max: number): UnreadableLine {
  const message = `La ligne dépasse ${max.toLocaleString('fr-FR')} caractères : elle n’est pas lue.`;
  return unreadable(line, null, null, 'line_too_long', message);
}

function fieldCountMessage(found: number, expected: number, version: string | null): string {
  const claimed = version ? ` (version indiquée au rang 301 : « ${version} »)` : '';
  const counts = `${FIELD_COUNTS.slice(0, -1).join(', ')} ou ${FIELD_COUNTS[FIELD_COUNTS.length - 1]}`;
  return (
    `La ligne compte ${found} champs au lieu de ${expected}${claimed} : une ligne du format 4.x en compte ${counts}. ` +
    'Vérifiez que chaque champ est entre guillemets et séparé du suivant par !#.'
  );
}
