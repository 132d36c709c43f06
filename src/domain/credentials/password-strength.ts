import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX, PASSWORD_MIN } from './password.js';

/**
 * zxcvbn and its dictionaries are loaded at the first password checked, not when the process
 * starts: they hold about 8 MB of heap and 28 MB of a process's memory, which a server that only
 * takes pushes, or a worker, never needs (docs/benchmarks.md, "Figures behind the code").
 * `require` keeps the check synchronous, as every caller wants it.
 */
const load = createRequire(import.meta.url);
type Common = typeof import('@zxcvbn-ts/language-common');
type French = typeof import('@zxcvbn-ts/language-fr');
const common = (): Common => load('@zxcvbn-ts/language-common') as Common;

/**
 * The one rule a new password must pass, wherever one is chosen (sign-up, invitation, reset,
 * change, a new operator): a length within bounds, not one of the passwords leaked most often,
 * and hard enough to guess by zxcvbn's estimate (score 3 of 4 at least: about 10^8 guesses,
 * beyond an online attack and costly offline against scrypt). docs/accounts.md says why.
 */
export const MIN_SCORE = 3;

const LENGTH_MESSAGE = `Le mot de passe doit compter de ${PASSWORD_MIN} à ${PASSWORD_MAX} caractères.`;
const COMMON_MESSAGE = 'Ce mot de passe figure parmi les plus répandus, que l’on essaie en premier : choisissez-en un autre.';
const WEAK_MESSAGE = 'Ce mot de passe est trop facile à deviner.';
const CONTEXT_REASON = 'Il reprend votre adresse e-mail ou le nom de l’agence.';
const CONTEXT_MESSAGE = `${WEAK_MESSAGE} ${CONTEXT_REASON}`;
const ADVICE = 'Une suite de quatre ou cinq mots sans rapport entre eux fait un bon mot de passe, facile à retenir.';

/**
 * zxcvbn's costs grow fast with the length and the letters it may read as l33t (a 256-character
 * password took seconds): it reads the first 64 characters, and tries at most 4 substitutions,
 * so a check stays within a few milliseconds (docs/accounts.md has the measures). A password
 * whose first 64 characters are strong is strong.
 */
const OPTIONS = { maxLength: 64, l33tMaxSubstitutions: 4 };

/** Built once, at the first check (its dictionaries take about 100 ms to rank). */
let estimator: ZxcvbnFactory | null = null;
let commonPasswords: ReadonlySet<string> | null = null;

function zxcvbn(): ZxcvbnFactory {
  if (estimator) return estimator;
  const { ZxcvbnFactory: Factory } = load('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const french = load('@zxcvbn-ts/language-fr') as French;
  estimator = new Factory({
    ...OPTIONS,
    graphs: common().adjacencyGraphs,
    dictionary: { ...common().dictionary, ...french.dictionary },
    translations: {
      ...french.translations,
      warnings: { ...french.translations.warnings, userInputs: CONTEXT_REASON },
    },
  });
  return estimator;
}

const isCommon = (password: string) => {
  commonPasswords ??= new Set(common().dictionary['passwords-common']);
  const folded = password.normalize('NFC').toLowerCase();
  return commonPasswords.has(folded) || commonPasswords.has(folded.replace(/\s+/g, ''));
};

/** Letters and digits alone, without case or accents: « Immo-Lumière » is `immolumiere`. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Whether the password holds a whole item of the context: an e-mail's name (before the @) or
 * the agency's name, spelt with any case, accents or separators. Shorter than 4 letters, an item
 * would refuse too many good passwords for too little.
 */
function reusesContext(password: string, context: readonly string[]): boolean {
  const text = folded(password);
  return context.some((item) => {
    const name = folded(item.includes('@') ? item.slice(0, item.lastIndexOf('@')) : item);
    return name.length >= 4 && text.includes(name);
  });
}

/**
 * What zxcvbn should know of the account: its address, the address's parts, the agency's name
 * and its words (a password made of them is guessed first by whoever knows the account).
 */
export function contextWords(context: readonly string[]): string[] {
  const words = new Set<string>();
  for (const item of context) {
    const text = item.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    for (const part of text.split(/[\s@.+_'’-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * Why `password` may not be chosen, in French, or null when it may. `context` holds what the
 * account is known by (its e-mail, its agency's name): a password built on them is weak.
 */
export function passwordProblem(password: string, context: readonly string[]): string | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return LENGTH_MESSAGE;
  if (isCommon(password)) return COMMON_MESSAGE;
  if (reusesContext(password, context)) return CONTEXT_MESSAGE;
  const result = zxcvbn().check(password.normalize('NFC'), contextWords(context));
  if (result.score >= MIN_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [WEAK_MESSAGE, warning, suggestions[0] ?? ADVICE]
    .filter((part): part is string => Boolean(part))
    .map(sentence)
    .join(' ');
}

/** The dictionary's French, as the service writes it: French quotes, a full stop. */
const sentence = (text: string) => text.replace(/'([^']+)'/g, '« $1 »').replace(/([^.!?])$/, '$1.');
