/**
 * E-mail and URL / bare-domain detection on folded text.
 *
 * The patterns (web-patterns.ts) are bounded, and those that could start at
 * any word are only tried at the few positions where their detail can start
 * (web-positions.ts): the cost stays linear and local. Links are found by
 * web-links.ts.
 */
import { createAnchoredUrlFinder, createBareDomainFinder, createBracketedDomainFinder, createUrlSink } from './web-links.js';
import { ANY_DOT, AT_HINT, OBFUSCATED_EMAIL, PLAIN_EMAIL } from './web-patterns.js';
import { ascending, collectAt, isLocalChar, isLocalPieceChar, matchesAt, openersOf, pushPositions } from './web-positions.js';
import { sortSmall } from './spans.js';
import type { Span } from './types.js';

export interface WebDetector {
  /**
   * Pushes e-mail and URL spans to `out`, and whitelisted links to `kept`.
   * `atWords` are the starts of the AT_WORD_LIST words of f.
   */
  detect(f: string, atWords: readonly number[], out: Span[], kept: Span[]): void;
}

/** Addresses, plain ("ventes@agence.fr") or obfuscated ("ventes [at] agence point fr"). */
function createEmailFinder(): (f: string, openers: readonly number[], atWords: readonly number[], out: Span[]) => void {
  const plainEmailRe = new RegExp(PLAIN_EMAIL, 'y');
  const obfuscatedEmailRe = new RegExp(OBFUSCATED_EMAIL, 'y');
  const atHintRe = new RegExp(AT_HINT, 'y');
  const anyDotBeforeRe = new RegExp(`${ANY_DOT}$`);
  return (f, openers, atWords, out) => {
    // "@", an opening bracket ("[at]") or the words "at", "arobase", "arobas".
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
  };
}

export function createWebDetector(allowedDomains: readonly string[]): WebDetector {
  const findEmails = createEmailFinder();
  const pushUrl = createUrlSink(allowedDomains);
  const findAnchoredUrls = createAnchoredUrlFinder(pushUrl);
  const findBareDomains = createBareDomainFinder(pushUrl);
  const findBracketedDomains = createBracketedDomainFinder(pushUrl);
  return {
    detect(f, atWords, out, kept) {
      const openers = openersOf(f);
      findEmails(f, openers, atWords, out);
      findAnchoredUrls(f, out, kept);
      const spacedDots = findBareDomains(f, out, kept);
      findBracketedDomains(f, openers, spacedDots, out, kept);
    },
  };
}
