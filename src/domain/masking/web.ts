/**
 * E-mail and URL / bare-domain detection on folded text.
 *
 * Every repeated piece is bounded ({0,63}, {0,6}) so no pattern can backtrack
 * without limit. Patterns that could start at any word (addresses, bare or
 * bracketed domains) are never scanned across the whole description: a cheap
 * scan finds their unmistakable part first (an "@"-like token, a ".tld", a
 * bracketed dot) and the full pattern is only tried, sticky, at the few
 * positions where the detail can start. That keeps the cost linear and local.
 */
import { sortSmall } from './spans.js';
import type { Span } from './types.js';

/**
 * TLDs accepted where there is no "@" or "://" to prove intent (bare domains,
 * obfuscated addresses). French words that follow a period typed without a
 * space ("de", "la", "ca" from "ça", "re" from "ré", "me", "es", "ma") are left
 * out on purpose: "…équipée.De plus" must not become a domain.
 */
const KNOWN_TLDS = [
  'fr',
  'com',
  'net',
  'org',
  'eu',
  'immo',
  'immobilier',
  'info',
  'biz',
  'be',
  'ch',
  'lu',
  'mc',
  'io',
  'co',
  'uk',
  'paris',
  'bzh',
  'alsace',
  'corsica',
  'pro',
  'house',
  'homes',
  'estate',
  'realestate',
  'properties',
  'property',
  'agency',
  'xyz',
  'app',
  'nl',
  'pt',
  'us',
  'it',
  'gp',
  'mq',
  'nc',
  'pf',
  'yt',
  'pm',
  'tn',
  'dz',
  'sn',
  'immobilien',
];
const TLD = `(?:${[...KNOWN_TLDS].sort((a, b) => b.length - a.length).join('|')})`;

const LABEL = '[a-z0-9][a-z0-9-]{0,62}';
const LOCAL = '[a-z0-9_%+-][a-z0-9_%+-]{0,63}';
const OPEN = '[\\[({<]';
const CLOSE = '[\\])}>]';
const AT = `(?: ?@ ?| ?${OPEN} ?(?:at|@|arobase|arobas) ?${CLOSE} ?| (?:at|arobase|arobas) )`;
/** Any written-out or bracketed dot. A spaced "." must be spaced on both sides, so "agence.fr. De" stays one domain. */
const ANY_DOT = `(?:\\.| \\. | ?${OPEN} ?(?:dot|point|\\.) ?${CLOSE} ?| (?:dot|point) )`;
/**
 * Only unmistakable dots: "bureau point info" is French, "agence[.]fr" is not.
 * A dot with a space on both sides ("agence . fr") is not French typography either.
 */
const BRACKET_DOT = `(?: ?${OPEN} ?(?:dot|point|\\.) ?${CLOSE} ?| \\. )`;
const URL_TAIL = '[^\\s<>"«»]*';

// A glued "@" is proof enough: "ventes@agence" is masked even without a TLD,
// as long as the part after "@" has a letter ("2@3" is not an address).
const PLAIN_EMAIL = `[a-z0-9_%+-][a-z0-9._%+-]{0,63}@(?=[a-z0-9.-]{0,600}[a-z])${LABEL}(?:\\.${LABEL}){0,8}`;
const OBFUSCATED_EMAIL = `${LOCAL}(?:${ANY_DOT}${LOCAL}){0,4}${AT}${LABEL}(?:${ANY_DOT}${LABEL}){0,6}${ANY_DOT}${TLD}(?![a-z0-9-])`;
/**
 * Every way of writing the "@". Addresses (and bracketed domains) are only
 * tried at the few positions walked back from one of these hints, so those
 * patterns are used sticky and carry no lookbehind: the walk decides where a
 * local part starts, and an over-long one is cut rather than let through.
 */
const AT_HINT = `@|${OPEN} ?(?:at|arobase|arobas) ?${CLOSE}|\\b(?:at|arobase|arobas)\\b`;
/** The words of AT_HINT's last alternative, found by the shared word scan (words.ts). */
export const AT_WORD_LIST: readonly string[] = ['at', 'arobase', 'arobas'];

/** URLs announced by a scheme or "www", including "www point agence point fr". */
const ANCHORED_URL = [
  `(?<![a-z0-9])(?:https?|ftp):\\/\\/[^\\s<>"«»]+`,
  `(?<![a-z0-9._-])www[0-9]{0,3}\\.[a-z0-9-]+(?:\\.[a-z0-9-]+){0,8}(?:[\\/?#]${URL_TAIL})?`,
  `(?<![a-z0-9._-])www(?:${ANY_DOT}${LABEL}){0,5}${ANY_DOT}${TLD}(?![a-z0-9-])`,
].join('|');
/**
 * Bare domains are found from their ".tld" backwards: scanning for a dot is
 * far cheaper than trying a domain at every word of the description.
 */
const DOT_TLD = `\\.${TLD}(?![a-z0-9-])`;
const BARE_DOMAIN = `(?:${LABEL}\\.){1,6}${TLD}(?![a-z0-9-])(?:[\\/?#]${URL_TAIL})?`;
const BRACKETED_DOMAIN = `${LABEL}(?:${BRACKET_DOT}${LABEL}){0,5}${BRACKET_DOT}${TLD}(?![a-z0-9-])`;
const BRACKET_DOT_HINT = `${OPEN} ?(?:dot|point|\\.) ?${CLOSE}| \\. (?=${TLD}\\b)`;

const TRAILING_PUNCT = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '»']);
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function countChar(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i >= 0; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** Sentence punctuation after a URL is not part of it; a closing bracket is only if it was opened inside. */
function trimUrl(s: string): string {
  let end = s.length;
  while (end > 0) {
    const ch = s[end - 1] ?? '';
    if (TRAILING_PUNCT.has(ch)) {
      end--;
      continue;
    }
    const opener = CLOSERS[ch];
    if (opener !== undefined) {
      const body = s.slice(0, end);
      if (countChar(body, opener) < countChar(body, ch)) {
        end--;
        continue;
      }
    }
    break;
  }
  return s.slice(0, end);
}

const SCHEME_RE = /^[a-z][a-z0-9+.-]*:\/\//;
const WWW_RE = /^www[0-9]{0,3}\./;

const HOST_ENDS = ['/', '?', '#'];

function hostOf(url: string): string {
  // The regex replacements are skipped when they cannot apply (no "://", no "www").
  let rest = url.includes('://') ? url.replace(SCHEME_RE, '') : url;
  let cut = rest.length;
  for (const ch of HOST_ENDS) {
    const k = rest.indexOf(ch);
    if (k >= 0 && k < cut) cut = k;
  }
  rest = rest.slice(0, cut);
  const colon = rest.indexOf(':');
  if (colon >= 0) rest = rest.slice(0, colon);
  return rest.startsWith('www') ? rest.replace(WWW_RE, '') : rest;
}

export interface WebDetector {
  /**
   * Pushes e-mail and URL spans to `out`, and whitelisted links to `kept`.
   * `atWords` are the starts of the AT_WORD_LIST words of f.
   */
  detect(f: string, atWords: readonly number[], out: Span[], kept: Span[]): void;
}

const isAsciiAlnum = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);
/** Characters of a plain local part. */
const isLocalChar = (c: number): boolean => isAsciiAlnum(c) || c === 0x2e || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
/** A local part between written-out dots ("jean point dupont"). */
const isLocalPieceChar = (c: number): boolean => isAsciiAlnum(c) || c === 0x5f || c === 0x25 || c === 0x2b || c === 0x2d;
const isLabelChar = (c: number): boolean => isAsciiAlnum(c) || c === 0x2d;
const isDomainChar = (c: number): boolean => isLabelChar(c) || c === 0x2e;

/**
 * The hint patterns are not scanned across the whole description: each of
 * them can only start at a few places ("@", an opening bracket, a ".", "www"),
 * which a native indexOf of a rare character finds much faster than a regex
 * scan (a needle starting with a common character such as " " or "a" would
 * not be). Trying the pattern sticky at those positions, in order and
 * skipping the ones inside the previous match, finds exactly the matches of
 * a global scan.
 */
function pushPositions(f: string, needle: string, out: number[]): void {
  for (let i = f.indexOf(needle); i >= 0; i = f.indexOf(needle, i + 1)) out.push(i);
}

const ascending = (a: number, b: number): number => a - b;

/** Positions of the opening brackets of OPEN, in order. */
function openersOf(f: string): number[] {
  const out: number[] = [];
  pushPositions(f, '(', out);
  pushPositions(f, '[', out);
  pushPositions(f, '{', out);
  pushPositions(f, '<', out);
  sortSmall(out, ascending);
  return out;
}

/**
 * Pushes the start of each match a global scan with `re` would find, given a
 * sorted superset of the positions where a match can start; `re` is sticky.
 */
function matchesAt(re: RegExp, f: string, candidates: readonly number[], out: number[]): void {
  let from = 0;
  for (const p of candidates) {
    if (p < from) continue;
    re.lastIndex = p;
    if (re.test(f)) {
      out.push(p);
      from = re.lastIndex;
    }
  }
}

export function createWebDetector(allowedDomains: readonly string[]): WebDetector {
  const plainEmailRe = new RegExp(PLAIN_EMAIL, 'y');
  const obfuscatedEmailRe = new RegExp(OBFUSCATED_EMAIL, 'y');
  const atHintRe = new RegExp(AT_HINT, 'y');
  const anchoredUrlRe = new RegExp(ANCHORED_URL, 'y');
  const dotTldRe = new RegExp(DOT_TLD, 'y');
  const bareDomainRe = new RegExp(BARE_DOMAIN, 'y');
  const bracketedDomainRe = new RegExp(BRACKETED_DOMAIN, 'y');
  const bracketDotHintRe = new RegExp(BRACKET_DOT_HINT, 'y');
  const anyDotBeforeRe = new RegExp(`${ANY_DOT}$`);
  const bracketDotBeforeRe = new RegExp(`${BRACKET_DOT}$`);
  const allowed = allowedDomains.map((d) => d.trim().toLowerCase().replace(WWW_RE, '')).filter((d) => d.length > 0);
  const allowedSuffixes = allowed.map((d) => '.' + d);

  function isAllowed(url: string): boolean {
    // A link carrying an "@" (user info) carries an address: never let it through.
    if (url.includes('@')) return false;
    // An allowed host contains the allowed domain: most links do not, and need no parsing.
    let mentioned = false;
    for (const d of allowed) mentioned ||= url.includes(d);
    if (!mentioned) return false;
    const host = hostOf(url);
    for (let k = 0; k < allowed.length; k++) if (host === allowed[k] || host.endsWith(allowedSuffixes[k] ?? '')) return true;
    return false;
  }

  /**
   * Where a match whose left part ends at `h` can start: walking back over up
   * to `maxPieces` pieces (64 characters at most each) joined by separators
   * that `sepBefore` recognises. Trying these few positions, earliest first,
   * replaces a scan of the whole description.
   */
  function startsBefore(f: string, h: number, isPart: (c: number) => boolean, sepBefore: RegExp | null, maxPieces: number): number[] {
    const starts: number[] = [];
    let q = f.charCodeAt(h - 1) === 0x20 ? h - 1 : h;
    for (let piece = 0; piece < maxPieces; piece++) {
      let r = q;
      while (r > 0 && q - r < 64 && isPart(f.charCodeAt(r - 1))) r--;
      while (r < q && f.charCodeAt(r) === 0x2e) r++; // ".jean@…": a local part never starts with a dot
      if (r === q) break;
      starts.push(r);
      if (sepBefore === null) break;
      const m = sepBefore.exec(f.slice(Math.max(0, r - 10), r));
      if (m === null) break;
      q = r - m[0].length;
    }
    return starts.reverse();
  }

  function collectAt(
    re: RegExp,
    f: string,
    hits: readonly number[],
    isPart: (c: number) => boolean,
    sepBefore: RegExp | null,
    maxPieces: number,
    kind: 'email' | 'url',
    out: Span[],
  ): void {
    let from = 0;
    for (const h of hits) {
      for (const p of startsBefore(f, h, isPart, sepBefore, maxPieces)) {
        if (p < from) continue;
        re.lastIndex = p;
        const m = re.exec(f);
        if (m !== null) {
          out.push({ start: p, end: p + m[0].length, kind });
          from = p + m[0].length;
          break;
        }
      }
    }
  }

  function pushUrl(start: number, raw: string, out: Span[], kept: Span[]): void {
    const text = trimUrl(raw);
    if (text.length === 0) return;
    const span: Span = { start, end: start + text.length, kind: 'url' };
    (isAllowed(text) ? kept : out).push(span);
  }

  return {
    detect(f, atWords, out, kept) {
      // "@", an opening bracket ("[at]") or the words "at", "arobase", "arobas".
      const openers = openersOf(f);
      const atCandidates: number[] = [];
      pushPositions(f, '@', atCandidates);
      for (const p of openers) atCandidates.push(p);
      for (const p of atWords) atCandidates.push(p);
      sortSmall(atCandidates, ascending);
      const atHits: number[] = [];
      matchesAt(atHintRe, f, atCandidates, atHits);
      // The "@" alternative comes first, so a hit on "@" is that alternative.
      const plainHits: number[] = [];
      for (const h of atHits) if (f.charCodeAt(h) === 0x40) plainHits.push(h);
      if (plainHits.length > 0) collectAt(plainEmailRe, f, plainHits, isLocalChar, null, 1, 'email', out);
      if (atHits.length > 0) collectAt(obfuscatedEmailRe, f, atHits, isLocalPieceChar, anyDotBeforeRe, 5, 'email', out);

      // A scheme ("https", "http", "ftp") ends 3 to 5 characters before its "://".
      const urlCandidates: number[] = [];
      for (let i = f.indexOf('://'); i >= 0; i = f.indexOf('://', i + 1)) {
        for (let back = 5; back >= 3; back--) if (i >= back) urlCandidates.push(i - back);
      }
      pushPositions(f, 'www', urlCandidates);
      sortSmall(urlCandidates, ascending);
      let urlFrom = 0;
      for (const p of urlCandidates) {
        if (p < urlFrom) continue;
        anchoredUrlRe.lastIndex = p;
        const m = anchoredUrlRe.exec(f);
        if (m === null) continue;
        pushUrl(p, m[0], out, kept);
        urlFrom = anchoredUrlRe.lastIndex;
      }
      // ".tld" hits: a dot followed by a letter (every TLD is letters), tried
      // as matchesAt() does; the dots spaced on both sides are bracket-dot
      // candidates below.
      const tldHits: number[] = [];
      let spacedDots: number[] | null = null;
      let tldFrom = 0;
      for (let i = f.indexOf('.'); i >= 0; i = f.indexOf('.', i + 1)) {
        const c = f.charCodeAt(i + 1);
        if (c >= 0x61 && c <= 0x7a) {
          if (i < tldFrom) continue;
          dotTldRe.lastIndex = i;
          if (dotTldRe.test(f)) {
            tldHits.push(i);
            tldFrom = dotTldRe.lastIndex;
          }
        } else if (c === 0x20 && f.charCodeAt(i - 1) === 0x20) {
          (spacedDots ??= []).push(i - 1);
        }
      }
      let covered = 0;
      // Hits inside one long run of domain characters share the run's start;
      // remembering it keeps "a.com.com.com…" linear instead of quadratic.
      let runFrom = -1;
      let runStart = -1;
      let triedStart = -1;
      for (const hit of tldHits) {
        if (hit < covered) continue;
        let j = hit;
        while (j > 0 && j > runFrom && isDomainChar(f.charCodeAt(j - 1))) j--;
        if (j === runFrom && runFrom >= 0) j = runStart;
        runFrom = hit;
        runStart = j;
        if (j === triedStart) continue;
        triedStart = j;
        // No exception after "@" or "/": a domain inside an address or a link
        // merges with it, and "@agence.fr" with no local part is still a contact.
        bareDomainRe.lastIndex = j;
        const d = bareDomainRe.exec(f);
        if (d === null) continue;
        covered = j + d[0].length;
        pushUrl(j, d[0], out, kept);
      }
      // A bracketed dot ("[dot]", "(.)") or a dot spaced on both sides.
      const bracketCandidates = openers;
      if (spacedDots !== null) {
        for (const p of spacedDots) bracketCandidates.push(p);
        sortSmall(bracketCandidates, ascending);
      }
      const bracketHits: number[] = [];
      if (bracketCandidates.length > 0) matchesAt(bracketDotHintRe, f, bracketCandidates, bracketHits);
      if (bracketHits.length > 0) {
        const found: Span[] = [];
        collectAt(bracketedDomainRe, f, bracketHits, isLabelChar, bracketDotBeforeRe, 6, 'url', found);
        for (const d of found) pushUrl(d.start, f.slice(d.start, d.end), out, kept);
      }
    },
  };
}
