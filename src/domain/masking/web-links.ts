/**
 * Links on folded text: URLs announced by a scheme or "www", bare domains
 * found from their ".tld", and domains written with bracketed dots
 * ("agence[.]fr"). Links to an allowed domain are kept apart, never masked.
 */
import { ANCHORED_URL, BARE_DOMAIN, BRACKET_DOT, BRACKET_DOT_HINT, BRACKETED_DOMAIN, DOT_TLD } from './web-patterns.js';
import { ascending, collectAt, isDomainChar, isLabelChar, matchesAt, pushPositions } from './web-positions.js';
import { sortSmall } from './spans.js';
import type { Span } from './types.js';

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

/** Pushes the link written at `start` (`raw`, trimmed of trailing punctuation) to `out`, or to `kept` when its domain is allowed. */
export type UrlSink = (start: number, raw: string, out: Span[], kept: Span[]) => void;

export function createUrlSink(allowedDomains: readonly string[]): UrlSink {
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

  return (start, raw, out, kept) => {
    const text = trimUrl(raw);
    if (text.length === 0) return;
    const span: Span = { start, end: start + text.length, kind: 'url' };
    (isAllowed(text) ? kept : out).push(span);
  };
}

/** URLs announced by a scheme ("https://…") or "www". */
export function createAnchoredUrlFinder(pushUrl: UrlSink): (f: string, out: Span[], kept: Span[]) => void {
  const anchoredUrlRe = new RegExp(ANCHORED_URL, 'y');
  return (f, out, kept) => {
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
  };
}

/**
 * Bare domains ("agence.fr"), found from their ".tld" backwards: scanning for
 * a dot is far cheaper than trying a domain at every word of the
 * description. Returns the dots spaced on both sides (candidates of a
 * bracketed domain), or null when there is none.
 */
export function createBareDomainFinder(pushUrl: UrlSink): (f: string, out: Span[], kept: Span[]) => number[] | null {
  const dotTldRe = new RegExp(DOT_TLD, 'y');
  const bareDomainRe = new RegExp(BARE_DOMAIN, 'y');
  return (f, out, kept) => {
    // ".tld" hits: a dot followed by a letter (every TLD is letters), tried
    // as matchesAt() does; the dots spaced on both sides are bracket-dot
    // candidates.
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
    return spacedDots;
  };
}

/**
 * Domains written with a bracketed dot ("[dot]", "(.)") or a dot spaced on
 * both sides, tried from the opening brackets (`openers`, which it extends)
 * and the spaced dots.
 */
export function createBracketedDomainFinder(
  pushUrl: UrlSink,
): (f: string, openers: number[], spacedDots: readonly number[] | null, out: Span[], kept: Span[]) => void {
  const bracketedDomainRe = new RegExp(BRACKETED_DOMAIN, 'y');
  const bracketDotHintRe = new RegExp(BRACKET_DOT_HINT, 'y');
  const bracketDotBeforeRe = new RegExp(`${BRACKET_DOT}$`);
  return (f, openers, spacedDots, out, kept) => {
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
  };
}
