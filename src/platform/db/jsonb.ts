/** jsonb's binary input format: a version byte, then the JSON text in UTF-8. */
const JSONB_VERSION = 1;
const encoder = new TextEncoder();
const BRACKET_OPEN = 0x5b;
const COMMA = 0x2c;
const BRACKET_CLOSE = 0x5d;

/** JSON text whose UTF-8 bytes are at hand already: a binary builder copies them instead of encoding again. */
export interface EncodedJson {
  readonly text: string;
  readonly bytes: Uint8Array;
}

/** A JSON array parameter built one element at a time, so the work is spread over the caller's loop. */
export interface JsonArrayBuilder {
  /** One element: the JSON text made of `parts` one after another. */
  add(...parts: Array<string | EncodedJson>): void;
  readonly count: number;
  /** The parameter to pass as `$n::jsonb`; the builder is spent. */
  finish(): unknown;
}

/**
 * The JSON array of JSON texts as a binary jsonb parameter (`pg` sends a Buffer in binary
 * format). Each text is encoded once, straight into the parameter, as it is added: joining a
 * megabyte of rows into one string and letting the driver measure and encode it made every push
 * slower (docs/benchmarks.md, "Figures behind the code"), and encoding while rows are produced keeps it off the moment the
 * statement leaves.
 */
export class BinaryJsonbArray implements JsonArrayBuilder {
  private buffer: Buffer;
  private offset = 0;
  count = 0;

  /** `expectedBytes`: a first guess of the size; the buffer grows when short. */
  constructor(expectedBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(Math.max(expectedBytes, 16));
    this.buffer[this.offset++] = JSONB_VERSION;
    this.buffer[this.offset++] = BRACKET_OPEN;
  }

  add(...parts: Array<string | EncodedJson>): void {
    this.reserve(1);
    if (this.count++ > 0) this.buffer[this.offset++] = COMMA;
    for (const part of parts) {
      if (typeof part === 'string') {
        this.encode(part);
      } else {
        this.reserve(part.bytes.length);
        this.buffer.set(part.bytes, this.offset);
        this.offset += part.bytes.length;
      }
    }
  }

  private encode(text: string): void {
    let done = 0;
    for (;;) {
      const { read, written } = encoder.encodeInto(done === 0 ? text : text.slice(done), this.buffer.subarray(this.offset));
      this.offset += written;
      done += read;
      if (done === text.length) return;
      this.reserve(3 * (text.length - done));
    }
  }

  finish(): Buffer {
    this.reserve(1);
    this.buffer[this.offset++] = BRACKET_CLOSE;
    return this.buffer.subarray(0, this.offset);
  }

  private reserve(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + bytes));
    this.buffer.copy(bigger, 0, 0, this.offset);
    this.buffer = bigger;
  }
}

// What JSON.stringify escapes in a string: quotes, backslashes, control characters, and lone
// surrogates (any surrogate here, so a pair takes the exact path too).
const ESCAPED_CHARACTERS = '["\\\\\\u0000-\\u001f\\ud800-\\udfff]';
const NEEDS_ESCAPE = new RegExp(ESCAPED_CHARACTERS);

/**
 * A string as JSON text, in parts to add: the text itself between quotes when JSON would write
 * it so (the common case), so a long description is encoded straight from the string instead
 * of from an escaped copy; otherwise `JSON.stringify`'s text. Null is `null`.
 */
export function jsonStringParts(value: string | null): string[] {
  if (value === null) return ['null'];
  return NEEDS_ESCAPE.test(value) ? [JSON.stringify(value)] : ['"', value, '"'];
}

/** All of `texts` at once. */
export function binaryJsonbArray(texts: readonly string[]): Buffer {
  let length = 3 + texts.length;
  for (const text of texts) length += text.length;
  // Room for every UTF-16 unit taking 1.25 bytes on average (French text takes ~1.02).
  const array = new BinaryJsonbArray(length + (length >> 2));
  for (const text of texts) array.add(text);
  return array.finish();
}

/** The same array as one JSON text, for a driver that sends parameters as text (PGlite). */
export class TextJsonArray implements JsonArrayBuilder {
  private readonly texts: string[] = [];
  get count(): number {
    return this.texts.length;
  }
  add(...parts: Array<string | EncodedJson>): void {
    this.texts.push(parts.map((part) => (typeof part === 'string' ? part : part.text)).join(''));
  }
  finish(): string {
    return `[${this.texts.join(',')}]`;
  }
}
