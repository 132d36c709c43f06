/**
 * Where a text stops being JSON (RFC 8259), and why. V8's own messages cannot be relied on
 * for this: some carry a position, others none ("Unexpected end of JSON input"), and others
 * quote the text around the fault, which may hold a key or a password. This scanner reads
 * the text once, without recursion (a body of nested brackets cannot exhaust the stack), and
 * names at most one character of it. A library was tried first: jsonc-parser (VS Code's) tokenises
 * leniently by design, so it places `tru` as an unknown symbol rather than a cut `true`, a control
 * character at the start of its string, and a trailing comma at the bracket after it; its parser
 * also recurses.
 */
export interface JsonSyntaxFault {
  /** The UTF-16 offset of the character at fault; the text's length when it ends too early. */
  offset: number;
  /** What is wrong there, in English, without quoting the text. */
  reason: string;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const ZERO = 0x30;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const BYTE_ORDER_MARK = 0xfeff;

/**
 * What the text is to its reader, named where it ends too early or goes on after its document:
 * a request's body, a file of listings, one line of an NDJSON file.
 */
export type JsonWhole = 'body' | 'file' | 'line';

/** What may come next: a value, a container's first or next member, a colon, or what follows a value. */
type Expecting = 'value' | 'firstElement' | 'element' | 'firstKey' | 'key' | 'colon' | 'afterValue';

// Runs the scanner skips at once: the regular expression engine reads a long string or an
// indentation much faster than a loop over its characters (a 32 MiB push of listings in under 0.1 s).
// A string's characters up to its end, an escape or a control character (which JSON refuses raw).
// eslint-disable-next-line no-control-regex
const PLAIN_TEXT = /[^"\\\u0000-\u001f]+/y;
const WHITESPACE = /[ \t\n\r]+/y;
const SURROGATE_PAIR = /[\ud800-\udbff][\udc00-\udfff]/g;

/** The offset after the run `pattern` matches at `offset` (the offset itself when none). */
function skip(pattern: RegExp, text: string, offset: number): number {
  pattern.lastIndex = offset;
  return pattern.test(text) ? pattern.lastIndex : offset;
}

const isDigit = (c: number) => c >= ZERO && c <= ZERO + 9;
const isHex = (c: number) => isDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);

/** One character, named without quoting anything around it. */
function described(text: string, offset: number): string {
  const c = text.codePointAt(offset)!;
  if (c === 0x27) return `"'"`;
  return c > 0x20 && c < 0x7f ? `'${String.fromCharCode(c)}'` : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first fault of a text that is not JSON; null when it is JSON. A leading byte order mark is allowed, as the body parser allows it. */
export function firstJsonSyntaxFault(text: string, whole: JsonWhole = 'body'): JsonSyntaxFault | null {
  return new Scanner(text, whole).run();
}

/**
 * Where a text that is not JSON breaks, as every reader of JSON in the service says it: the
 * reason, the line and column an editor shows, and the byte offset; null when it is JSON. A line
 * of a larger file (`line`, its number there) is placed by that line and its column alone.
 */
export function whereJsonBreaks(text: string, whole: JsonWhole = 'body', line?: number): string | null {
  const fault = firstJsonSyntaxFault(text, whole);
  if (!fault) return null;
  const at = positionOf(text, fault.offset);
  return line === undefined
    ? `${fault.reason} at line ${at.line}, column ${at.column} (byte offset ${at.byte})`
    : `${fault.reason} at line ${line}, column ${at.column}`;
}

class Scanner {
  /** The closing bracket each open container waits for, innermost last. */
  private readonly closers: number[] = [];
  /** The last comma read, named when a trailing comma is the fault. */
  private lastComma = -1;
  private expecting: Expecting = 'value';
  private readonly end: string;

  constructor(
    private readonly text: string,
    private readonly whole: JsonWhole,
  ) {
    this.end = `unexpected end of the ${whole}`;
  }

  run(): JsonSyntaxFault | null {
    const { text } = this;
    let i = text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
    for (;;) {
      if (text.charCodeAt(i) <= 0x20) i = skip(WHITESPACE, text, i);
      if (i === text.length) return this.expecting === 'afterValue' && this.closers.length === 0 ? null : { offset: i, reason: this.end };
      const next = this.token(i);
      if (typeof next !== 'number') return next;
      i = next;
    }
  }

  private fault(offset: number, reason: string): JsonSyntaxFault {
    return offset >= this.text.length ? { offset: this.text.length, reason: this.end } : { offset, reason };
  }

  /** A fault saying what was expected and naming the one character found instead. */
  private found(offset: number, expected: string): JsonSyntaxFault {
    return this.fault(offset, offset < this.text.length ? `${expected}, found ${described(this.text, offset)}` : this.end);
  }

  /** Reads the token at `i`: the offset after it, or its fault. */
  private token(i: number): number | JsonSyntaxFault {
    const c = this.text.charCodeAt(i);
    const closer = this.closers.at(-1);
    switch (this.expecting) {
      case 'afterValue':
        if (closer === undefined) return this.found(i, `expected the end of the ${this.whole} after the JSON document`);
        if (c === COMMA) {
          this.lastComma = i;
          return this.then(i + 1, closer === CLOSE_BRACE ? 'key' : 'element');
        }
        if (c === closer) return this.close(i);
        return this.found(i, `expected ',' or '${String.fromCharCode(closer)}'`);
      case 'colon':
        return c === COLON ? this.then(i + 1, 'value') : this.found(i, "expected ':' after a property name");
      case 'firstKey':
      case 'key':
        if (c === CLOSE_BRACE) return this.expecting === 'firstKey' ? this.close(i) : this.trailingComma('a property');
        if (c !== QUOTE) return this.found(i, 'expected a property name in double quotes');
        return this.then(this.string(i), 'colon');
      default:
        if (c === CLOSE_BRACKET && this.expecting !== 'value')
          return this.expecting === 'firstElement' ? this.close(i) : this.trailingComma('a value');
        return this.value(i);
    }
  }

  private then(offset: number | JsonSyntaxFault, expecting: Expecting): number | JsonSyntaxFault {
    if (typeof offset === 'number') this.expecting = expecting;
    return offset;
  }

  private close(i: number): number {
    this.closers.pop();
    this.expecting = 'afterValue';
    return i + 1;
  }

  private trailingComma(what: string): JsonSyntaxFault {
    return { offset: this.lastComma, reason: `trailing comma: ${what} must follow ','` };
  }

  private value(i: number): number | JsonSyntaxFault {
    const c = this.text.charCodeAt(i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      this.closers.push(c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET);
      return this.then(i + 1, c === OPEN_BRACE ? 'firstKey' : 'firstElement');
    }
    if (c === QUOTE) return this.then(this.string(i), 'afterValue');
    if (c === MINUS || isDigit(c)) return this.then(this.number(i), 'afterValue');
    return this.then(this.word(i), 'afterValue');
  }

  /** The offset after the string opening at `start`, or its fault. */
  private string(start: number): number | JsonSyntaxFault {
    const { text } = this;
    for (let i = start + 1; i < text.length; i++) {
      i = skip(PLAIN_TEXT, text, i);
      if (i === text.length) break;
      const c = text.charCodeAt(i);
      if (c === QUOTE) return i + 1;
      if (c < 0x20) return this.fault(i, `control character ${described(text, i)} inside a string: escape it`);
      i++; // past the backslash, the only other character PLAIN_TEXT stops at
      if (i === text.length) break;
      if (text[i] === 'u') {
        for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) return this.found(i + k, 'expected four hex digits after \\u');
        i += 4;
      } else if (!'"\\/bfnrt'.includes(text[i]!)) {
        return this.found(i, 'invalid escape: a backslash must be followed by one of " \\ / b f n r t u');
      }
    }
    return this.fault(text.length, this.end);
  }

  /** The offset after the number starting at `start`, or its fault. */
  private number(start: number): number | JsonSyntaxFault {
    const { text } = this;
    let i = text.charCodeAt(start) === MINUS ? start + 1 : start;
    if (text.charCodeAt(i) === ZERO) {
      if (isDigit(text.charCodeAt(i + 1))) return this.fault(i + 1, 'a number must not have a leading zero');
      i++;
    } else {
      const whole = this.digits(i, 'expected a digit');
      if (typeof whole !== 'number') return whole;
      i = whole;
    }
    if (text[i] === '.') {
      const fraction = this.digits(i + 1, 'expected a digit after the decimal point');
      if (typeof fraction !== 'number') return fraction;
      i = fraction;
    }
    if (text[i] !== 'e' && text[i] !== 'E') return i;
    i++;
    if (text[i] === '+' || text[i] === '-') i++;
    return this.digits(i, 'expected a digit in the exponent');
  }

  private digits(start: number, expected: string): number | JsonSyntaxFault {
    if (!isDigit(this.text.charCodeAt(start))) return this.found(start, expected);
    let i = start;
    while (isDigit(this.text.charCodeAt(i))) i++;
    return i;
  }

  /** The offset after `true`, `false` or `null` at `start`, or where the word goes wrong. */
  private word(start: number): number | JsonSyntaxFault {
    const word = ['true', 'false', 'null'].find((candidate) => candidate[0] === this.text[start]);
    if (!word) return this.found(start, this.text[start] === "'" ? 'expected a value (strings take double quotes)' : 'expected a value');
    for (let k = 1; k < word.length; k++) if (this.text[start + k] !== word[k]) return this.found(start + k, `expected ${word}`);
    return start + word.length;
  }
}

/** Line and column (from 1, in characters) and byte offset (from 0, in UTF-8) of a UTF-16 offset. */
export function positionOf(text: string, offset: number): { line: number; column: number; byte: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  // A character beyond the Basic Multilingual Plane is two UTF-16 units, one column; an editor
  // shows no byte order mark, so the first column starts after it.
  let pairs = 0;
  SURROGATE_PAIR.lastIndex = lineStart;
  for (let match = SURROGATE_PAIR.exec(text); match && match.index < offset; match = SURROGATE_PAIR.exec(text)) pairs++;
  const byteOrderMark = lineStart === 0 && text.charCodeAt(0) === BYTE_ORDER_MARK ? 1 : 0;
  return { line, column: offset - lineStart - pairs - byteOrderMark + 1, byte: Buffer.byteLength(text.slice(0, offset)) };
}
