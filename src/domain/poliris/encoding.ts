import { isUtf8 } from 'node:buffer';

/**
 * The two encodings a passerelle file comes in: UTF-8 (with or without a byte order mark), and
 * Windows-1252 for everything else, which also reads ISO-8859-1 files right (the two differ
 * only on 0x80–0x9F, control codes in ISO-8859-1 that no listing holds). The choice is made
 * once per file, from the whole of it: a file is UTF-8 when every byte sequence is valid UTF-8.
 */
export type TextEncoding = 'utf-8' | 'windows-1252';

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Watches chunks of bytes for UTF-8 validity without holding them: a multi-byte sequence cut
 * between two chunks is carried (at most three bytes) and checked with the next one.
 */
export class Utf8Watch {
  private carry: Buffer | null = null;
  private valid = true;

  push(chunk: Buffer): void {
    if (!this.valid) return;
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = completeLength(bytes);
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : null;
    if (!isUtf8(bytes.subarray(0, whole))) this.valid = false;
  }

  /** Whether everything pushed was UTF-8 (a sequence left unfinished at the end is not). */
  end(): TextEncoding {
    return this.valid && this.carry === null ? 'utf-8' : 'windows-1252';
  }
}

/** How many leading bytes end on a sequence boundary (the rest starts a sequence the next chunk finishes). */
function completeLength(bytes: Buffer): number {
  const length = bytes.length;
  let lead = length - 1;
  while (lead >= 0 && lead >= length - 4 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead--;
  if (lead < 0 || lead < length - 4) return length;
  const byte = bytes[lead] ?? 0;
  const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
  return lead + needed > length ? lead : length;
}

export const startsWithBom = (bytes: Buffer): boolean => bytes.length >= 3 && BOM.every((byte, i) => bytes[i] === byte);

// Windows-1252 is ISO-8859-1 but for 0x80–0x9F. Written out rather than left to TextDecoder,
// whose 'windows-1252' gives 0x80 as U+0080 instead of € on some Node builds (Node 20's ICU).
const C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
].map((code) => String.fromCharCode(code));
const C1_ANY = /[\u0080-\u009f]/;
const C1_ALL = /[\u0080-\u009f]/g;

/** Windows-1252 bytes as text (single bytes: any chunk boundary is fine). */
export function decodeWindows1252(bytes: Buffer): string {
  const latin1 = bytes.toString('latin1');
  return C1_ANY.test(latin1) ? latin1.replace(C1_ALL, (c) => C1[c.charCodeAt(0) - 0x80] ?? c) : latin1;
}

/** Text in Windows-1252 (tests and fixtures write such files); a character it lacks becomes `?`. */
export function encodeWindows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const c1 = C1.indexOf(char);
    bytes[length++] = c1 >= 0 ? 0x80 + c1 : code <= 0xff && (code < 0x80 || code > 0x9f) ? code : 0x3f;
  }
  return bytes.subarray(0, length);
}

/** Decodes a stream of bytes in the encoding decided for it; a UTF-8 byte order mark is dropped. */
export async function* decodeChunks(chunks: AsyncIterable<Buffer>, encoding: TextEncoding): AsyncGenerator<string> {
  const utf8 = encoding === 'utf-8' ? new TextDecoder('utf-8') : null;
  let first = true;
  for await (let chunk of chunks) {
    if (first && chunk.length > 0) {
      first = false;
      if (!utf8 && startsWithBom(chunk)) chunk = chunk.subarray(3);
    }
    const text = utf8 ? utf8.decode(chunk, { stream: true }) : decodeWindows1252(chunk);
    if (text.length > 0) yield text;
  }
  const tail = utf8?.decode() ?? '';
  if (tail.length > 0) yield tail;
}

/** A small whole file (`Config.txt`, `Photos.cfg`) as text, its encoding decided on its own. */
export function decodeSmallText(bytes: Buffer): string {
  const watch = new Utf8Watch();
  watch.push(bytes);
  if (watch.end() === 'utf-8') return new TextDecoder('utf-8').decode(bytes);
  return decodeWindows1252(startsWithBom(bytes) ? bytes.subarray(3) : bytes);
}
