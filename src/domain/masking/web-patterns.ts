/**
 * The patterns of e-mail and URL detection (web.ts, web-links.ts). Every
 * repeated piece is bounded ({0,63}, {0,6}) so no pattern can backtrack
 * without limit.
 */

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
export const ANY_DOT = `(?:\\.| \\. | ?${OPEN} ?(?:dot|point|\\.) ?${CLOSE} ?| (?:dot|point) )`;
/**
 * Only unmistakable dots: "bureau point info" is French, "agence[.]fr" is not.
 * A dot with a space on both sides ("agence . fr") is not French typography either.
 */
export const BRACKET_DOT = `(?: ?${OPEN} ?(?:dot|point|\\.) ?${CLOSE} ?| \\. )`;
const URL_TAIL = '[^\\s<>"«»]*';

// A glued "@" is proof enough: "ventes@agence" is masked even without a TLD,
// as long as the part after "@" has a letter ("2@3" is not an address).
export const PLAIN_EMAIL = `[a-z0-9_%+-][a-z0-9._%+-]{0,63}@(?=[a-z0-9.-]{0,600}[a-z])${LABEL}(?:\\.${LABEL}){0,8}`;
export const OBFUSCATED_EMAIL = `${LOCAL}(?:${ANY_DOT}${LOCAL}){0,4}${AT}${LABEL}(?:${ANY_DOT}${LABEL}){0,6}${ANY_DOT}${TLD}(?![a-z0-9-])`;
/**
 * Every way of writing the "@". Addresses (and bracketed domains) are only
 * tried at the few positions walked back from one of these hints, so those
 * patterns are used sticky and carry no lookbehind: the walk decides where a
 * local part starts, and an over-long one is cut rather than let through.
 */
export const AT_HINT = `@|${OPEN} ?(?:at|arobase|arobas) ?${CLOSE}|\\b(?:at|arobase|arobas)\\b`;
/** The words of AT_HINT's last alternative, found by the shared word scan (words.ts). */
export const AT_WORD_LIST: readonly string[] = ['at', 'arobase', 'arobas'];

/** URLs announced by a scheme or "www", including "www point agence point fr". */
export const ANCHORED_URL = [
  `(?<![a-z0-9])(?:https?|ftp):\\/\\/[^\\s<>"«»]+`,
  `(?<![a-z0-9._-])www[0-9]{0,3}\\.[a-z0-9-]+(?:\\.[a-z0-9-]+){0,8}(?:[\\/?#]${URL_TAIL})?`,
  `(?<![a-z0-9._-])www(?:${ANY_DOT}${LABEL}){0,5}${ANY_DOT}${TLD}(?![a-z0-9-])`,
].join('|');
/**
 * Bare domains are found from their ".tld" backwards: scanning for a dot is
 * far cheaper than trying a domain at every word of the description.
 */
export const DOT_TLD = `\\.${TLD}(?![a-z0-9-])`;
export const BARE_DOMAIN = `(?:${LABEL}\\.){1,6}${TLD}(?![a-z0-9-])(?:[\\/?#]${URL_TAIL})?`;
export const BRACKETED_DOMAIN = `${LABEL}(?:${BRACKET_DOT}${LABEL}){0,5}${BRACKET_DOT}${TLD}(?![a-z0-9-])`;
export const BRACKET_DOT_HINT = `${OPEN} ?(?:dot|point|\\.) ?${CLOSE}| \\. (?=${TLD}\\b)`;
