/**
 * Competing-portal mentions.
 *
 * A portal is configured by name only ("SeLoger", "Bien'ici", "PAP"); the
 * spelling variants people actually type are derived from it: any case, any
 * accents, camel-case words split or joined ("se loger", "seloger",
 * "se-loger"), an optional ".com"/".fr" suffix. Two kinds of names need more
 * care than a whole-word match:
 *  - names whose spaced form is ordinary French ("se loger", "le bon coin",
 *    "bien ici", "meilleurs agents") are only masked when the text shows it is
 *    the portal: a domain suffix, a lead-in such as "sur", "via", "annonce",
 *    or a neighbouring portal in a list ("sur SeLoger et le bon coin");
 *  - very short names ("PAP") count as certain only in capitals or as a
 *    domain; in lower case they need the same evidence as the names above.
 */
import { fold, originalEnd, originalStart, type Folded } from './fold.js';
import type { Span } from './types.js';
import type { NameMatch, NamePatterns } from './words.js';

export const DEFAULT_PORTALS: readonly string[] = Object.freeze([
  'SeLoger',
  'Le Bon Coin',
  "Bien'ici",
  'Logic-Immo',
  'PAP',
  'De Particulier à Particulier',
  'Figaro Immobilier',
  'Figaro Immo',
  'Ouest-France Immo',
  'ParuVendu',
  'Avendrealouer',
  'MeilleursAgents',
  'Green-Acres',
  'Superimmo',
  'Immonot',
  'Explorimmo',
]);

/**
 * Words that make a spaced portal name read as plain French. "particulier"
 * is deliberately absent: in an agency's listing "de particulier à
 * particulier" can only be a reference to PAP.
 */
const COMMON_WORDS = new Set([
  'se',
  'loger',
  'le',
  'la',
  'les',
  'l',
  'bon',
  'bons',
  'coin',
  'coins',
  'bien',
  'biens',
  'ici',
  'meilleur',
  'meilleurs',
  'agent',
  'agents',
  'a',
  'au',
  'aux',
  'de',
  'du',
  'des',
  'd',
  'en',
  'un',
  'une',
  'et',
  'vendre',
  'louer',
  'sur',
  'pour',
  'chez',
  'mon',
  'ma',
  'mes',
  'votre',
  'vos',
  'notre',
  'nos',
  'tout',
  'tous',
]);

const DOMAIN_SUFFIX = '(?:com|fr|net|immo|org|eu|be|ch|info)';
const SHORT_NAME_MAX = 4;
/** Between the tokens of a name: "se loger", "se-loger", "se_loger", "seloger". */
const NAME_SEPARATOR = "[ '\\-_]?";

const CAMEL_RE = /(\p{Ll})(\p{Lu})/gu;
const ENTRY_PREFIX_RE = /^(?:[a-z]+:\/\/)?(?:www\.)?/;
const ENTRY_SUFFIX_RE = new RegExp(`\\.${DOMAIN_SUFFIX}$`);
const NON_ALNUM_RE = /[^a-z0-9]+/;
const UPPER_RE = /\p{Lu}/u;
const LOWER_RE = /\p{Ll}/u;

// "annonce visible sur", "via l'appli", "publiée sur le site de", "portails :"
const CUE_RE =
  /(?<![a-z0-9])(?:sur|via|site|sites|portail|portails|appli|application|plateforme|annonces?)(?: (?:le |la |l')(?:site|portail|appli|application|plateforme)(?: web)?(?: (?:de|du))?)? ?:? ?$/;
const NOUN_GOES_ON_SOURCE = " (?:de|du|des|d')(?![a-z])";
const CONNECTOR_RE = /^ ?(?:,|;|et|ou|\/|&|\+|-)? ?$/;

/** Length of a matched name without its separators, i.e. of the configured name's key. */
function keyLength(name: string): number {
  let n = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c !== 0x20 && c !== 0x27 && c !== 0x2d && c !== 0x5f) n++;
  }
  return n;
}

/** Whether every word of a matched name (split on the name separators) is everyday French. */
function allCommonWords(name: string): boolean {
  let word = '';
  for (let i = 0; i <= name.length; i++) {
    const ch = name[i];
    if (ch === undefined || ch === ' ' || ch === "'" || ch === '-' || ch === '_') {
      if (word !== '' && !COMMON_WORDS.has(word)) return false;
      word = '';
    } else {
      word += ch;
    }
  }
  return true;
}

function tokensOf(entry: string): string[] {
  const split = entry.trim().replace(CAMEL_RE, '$1 $2');
  const f = fold(split).text.replace(ENTRY_PREFIX_RE, '').replace(ENTRY_SUFFIX_RE, '');
  return f.split(NON_ALNUM_RE).filter((t) => t.length > 0);
}

interface Candidate {
  span: Span;
  /** Certain, or doubtful but backed by context. */
  ok: boolean;
}

/** Whether only a list separator (",", "et", "/"…) stands between two names. */
function linked(f: string, a: Candidate, b: Candidate): boolean {
  return CONNECTOR_RE.test(f.slice(a.span.end, b.span.start));
}

export interface PortalDetector {
  /** The names, for the shared word scan (see words.ts); null without portals. */
  readonly names: NamePatterns | null;
  /** Pushes the portal spans among `matches` (the names' scan of `folded`) to `out`. */
  detect(folded: Folded, original: string, matches: readonly NameMatch[], out: Span[]): void;
}

export function createPortalDetector(portals: readonly string[]): PortalDetector {
  const alternatives = new Set<string>();
  for (const entry of portals) {
    if (typeof entry !== 'string') continue;
    const tokens = tokensOf(entry);
    if (tokens.length === 0) continue;
    // Tokens are [a-z0-9]+ after folding, so they need no escaping.
    alternatives.add(tokens.join(NAME_SEPARATOR));
  }
  if (alternatives.size === 0) return { names: null, detect() {} };
  const sorted = [...alternatives].sort((a, b) => b.length - a.length);
  const names: NamePatterns = {
    alternatives: sorted,
    separator: NAME_SEPARATOR,
    tail: `(?:\\.${DOMAIN_SUFFIX})?(?![a-z0-9])`,
    exact: new RegExp(`(?<![a-z0-9])(${sorted.join('|')})(\\.${DOMAIN_SUFFIX})?(?![a-z0-9])`, 'g'),
  };
  const nounGoesOnRe = new RegExp(NOUN_GOES_ON_SOURCE, 'y');

  function cued(f: string, start: number, end: number): boolean {
    if (!CUE_RE.test(f.slice(Math.max(0, start - 48), start))) return false;
    // "sur le bon coin de la terrasse": a noun phrase that goes on is French.
    nounGoesOnRe.lastIndex = end;
    return !nounGoesOnRe.test(f);
  }

  return {
    names,
    detect(folded, original, matches, out) {
      const f = folded.text;
      const found: Candidate[] = [];
      for (const { start, end, name, suffix } of matches) {
        // A match is one configured name with its separators (if any): its
        // key is the name's letters and digits.
        const short = keyLength(name) <= SHORT_NAME_MAX;
        const span: Span = { start, end, kind: 'portal' };
        let doubtful = !suffix && name.includes(' ') && allCommonWords(name);
        if (short && !suffix) {
          const o = original.slice(originalStart(folded, span.start), originalEnd(folded, span.end - 1));
          doubtful ||= !UPPER_RE.test(o) || LOWER_RE.test(o);
        }
        found.push({ span, ok: !doubtful || cued(f, span.start, span.end) });
      }
      // A doubtful name listed next to a certain one ("SeLoger, le bon coin et
      // bien ici") is a portal too. One sweep each way reaches every name of a
      // connected list, whichever of its names is the certain one.
      for (let i = 1; i < found.length; i++) {
        const prev = found[i - 1];
        const c = found[i];
        if (prev !== undefined && c !== undefined && prev.ok && !c.ok && linked(f, prev, c)) c.ok = true;
      }
      for (let i = found.length - 2; i >= 0; i--) {
        const c = found[i];
        const next = found[i + 1];
        if (c !== undefined && next !== undefined && next.ok && !c.ok && linked(f, c, next)) c.ok = true;
      }
      for (const c of found) if (c.ok) out.push(c.span);
    },
  };
}
