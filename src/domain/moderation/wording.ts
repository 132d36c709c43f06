import { accentInsensitive } from './accent-insensitive.js';
import type { Transaction } from '../listing-model/model.js';
import type { Reason, Rule } from './reason.js';

/**
 * Discriminatory wording in an ad, whatever its transaction. A landlord may not choose or refuse
 * a tenant, nor a seller a buyer, for their origin, nationality, surname, religion, sex, family
 * situation, pregnancy, handicap, sexual orientation or age: refusing to supply a good on those
 * grounds is an offence for a sale or a life annuity as for a rental (code pénal, art. 225-1 and
 * 225-2), and the loi du 6 juillet 1989 (art. 1) says it again for rentals.
 *
 * A protected group named in an ad is innocent ("idéal pour une famille", "accès handicapé",
 * "proche de l'église"); what an ad may not do is *require* or *exclude* one. So each pattern
 * pairs a group with a requiring or excluding phrase, which keeps innocent sentences that share
 * the words ("maison familiale", "mur d'enceinte", "jardin d'enfants") clean.
 *
 * Patterns are written folded (lowercase, no accents) and compiled once into a single regular
 * expression: one pass over the lowercased title and description per listing.
 */

/** Groups an ad may neither require nor exclude. */
const GROUPS = [
  'etrangers?',
  'immigre(?:e)?s?',
  'francais(?:es?)?',
  'europeen(?:ne)?s?',
  'africain(?:e)?s?',
  'maghrebin(?:e)?s?',
  'arabes?',
  'noirs?',
  'noires?',
  'asiatiques?',
  'roms?',
  'gens du voyage',
  'personnes? de couleur',
  'beurs?',
  'blacks?',
  'musulman(?:e)?s?',
  'chretien(?:ne)?s?',
  'juifs?',
  'juives?',
  'catholiques?',
  'protestant(?:e)?s?',
  'femmes? voilee?s?',
  'enfants?',
  'bebes?',
  'familles? nombreuses?',
  'familles?',
  'meres? celibataires?',
  'peres? celibataires?',
  'couples? maries?',
  'couples? non maries?',
  'maries?',
  'celibataires?',
  'divorce(?:e)?s?',
  'femmes? enceintes?',
  'grossesses?',
  'personnes? handicapees?',
  'handicape(?:e)?s?',
  'personnes? a mobilite reduite',
  'fauteuils? roulants?',
  'homosexuel(?:le)?s?',
  'couples? homosexuels?',
  'couples? de meme sexe',
  'gays?',
  'lesbiennes?',
  'heteros?(?:exuel(?:le)?s?)?',
  'jeunes',
  'hommes',
  'femmes',
];

/**
 * Groups an ad may reserve a home for but may not exclude: a résidence services seniors is a
 * legal category (code de la construction, L631-13) that may be reserved for older people, so
 * "réservé aux seniors" is innocent there, but "pas de retraités" never is.
 */
const EXCLUDABLE_ONLY = ['seniors?', 'retraite(?:e)?s?', 'personnes? agees?', 'vieux', 'vieilles?'];

/** Alternatives grouped by their first letter, so a position is mostly rejected on one character. */
function byFirstLetter(words: readonly string[]): string {
  const byLetter = new Map<string, string[]>();
  for (const word of words) byLetter.set(word[0]!, [...(byLetter.get(word[0]!) ?? []), word.slice(1)]);
  return `(?:${[...byLetter].map(([letter, rests]) => `${letter}(?:${rests.join('|')})`).join('|')})`;
}

const REQUIRING_AFTER = `(?:uniquement|seulement|exclusivement|exige(?:e)?s?|obligatoires?|requis(?:e)?s?|imperatifs?|souhaite(?:e)?s?|prefere(?:e)?s?|de preference|pratiquante?s?|de souche)`;
const EXCLUDING_BEFORE = `(?:pas (?:de |d'|les |des )|sans |aucune? |ni |refusons (?:les )?|n'acceptons pas (?:les )?|n'accepte pas (?:les )?|non |interdit aux |interdite aux |exclus? )`;
const EXCLUDING_AFTER = `(?:s'abstenir|s'abstenant|refuse(?:e)?s?|non acceptee?s?|pas acceptee?s?|non admise?s?|pas admise?s?|exclue?s?|interdite?s?|non merci|pas merci)`;
const RESERVED_FOR = `reserve(?:e)?s? (?:exclusivement |uniquement |en priorite )?(?:aux?|a des|a une?|a la|a l')`;

/**
 * One pattern for every group, with what may surround it captured: scanning the text for the
 * fifty group words is the costly part, so it is done once, and whether a requiring or
 * excluding phrase came with the word is read from the captures.
 */
const AROUND_GROUP =
  `(?:(?<reserved>${RESERVED_FOR} )|(?<excludedBefore>${EXCLUDING_BEFORE}))?` +
  `(?:(?<group>${byFirstLetter(GROUPS)})|${byFirstLetter(EXCLUDABLE_ONLY)})` +
  `(?: (?<required>${REQUIRING_AFTER})| (?<excludedAfter>${EXCLUDING_AFTER}))?`;

/**
 * An age described rather than required ("âgée de plus de 80 ans"). In a rental it can only be the
 * tenant's; in a life annuity or a sale of the bare ownership it is the occupant's, whose life
 * expectancy prices the deal: part of what is sold, not a choice of buyer. A required age
 * ("moins de 30 ans uniquement", "limite d'âge") is discriminatory in every transaction.
 */
const AGE_DESCRIBED = `(?:age|agee?s?) (?:de )?(?:moins|plus) de \\d+ ans`;

/** Phrases that are discriminatory on their own. */
const STANDALONE = [
  `nationalite (?:francaise|europeenne|etrangere|[a-z\\u00e0-\\u00ff]+ (?:exigee|obligatoire|requise|imposee|uniquement|seulement))`,
  `origine (?:francaise|europeenne|etrangere|africaine|maghrebine|arabe|asiatique|immigree)`,
  `(?:nom|patronyme)s? (?:a |aux )?(?:consonance|resonance)`,
  `(?:moins|plus) de \\d+ ans ${REQUIRING_AFTER}`,
  `(?:limite d'age|age (?:maximum|minimum|maxi|mini|limite))`,
];

/**
 * Word boundaries by letters, not \b, which treats "é" as a non-word character. The text is
 * lowercased before the scan and the pattern has neither the `i` nor the `u` flag: both slow
 * the engine down by half, and lowercase Latin letters are all a French ad needs.
 *
 * A match starts with the character before its phrase, which is not a letter, and the text is
 * scanned with a space in front: the engine then looks for a separator before anything else
 * and tries the phrases only where a word starts, three times faster than a look-behind tried
 * at every position (measured in docs/benchmarks.md).
 */
const LETTER = '[a-z0-9\\u00e0-\\u00ff\\u0153]';
const NOT_A_LETTER = '[^a-z0-9\\u00e0-\\u00ff\\u0153]';
const DETECTOR = new RegExp(
  `${NOT_A_LETTER}(?:${accentInsensitive(AROUND_GROUP)}|(?<standalone>${STANDALONE.map(accentInsensitive).join('|')})|(?<ageDescribed>${accentInsensitive(AGE_DESCRIBED)})(?: (?<ageRequired>${accentInsensitive(REQUIRING_AFTER)}))?)(?!${LETTER})`,
  'g',
);

/**
 * A group word alone is innocent; excluded, it is discriminatory; required too, unless a residence may reserve its homes for it.
 * An age described is discriminatory in a rental, elsewhere only when something requires it.
 */
function isDiscriminatory(captured: Record<string, string | undefined>, rental: boolean): boolean {
  if (captured.ageDescribed !== undefined) return rental || captured.ageRequired !== undefined;
  if (captured.standalone !== undefined || captured.excludedBefore !== undefined || captured.excludedAfter !== undefined) return true;
  return captured.group !== undefined && (captured.reserved !== undefined || captured.required !== undefined);
}

/**
 * The discriminatory phrases found, as first written in the text, each once whatever its case, in order.
 * `transaction` decides whether an age described is the tenant's (a rental, the strictest reading, by default) or the occupant's.
 */
export function findDiscriminatoryWording(text: string, transaction: Transaction = 'rental'): string[] {
  const rental = transaction === 'rental';
  const found: string[] = [];
  const seen = new Set<string>();
  const lowered = text.toLowerCase();
  // Lowercasing keeps every index but for a few letters (Turkish İ); then quote the lowered text.
  const quoted = lowered.length === text.length ? text : lowered;
  // In the text with a space in front, a match's index is its phrase's index in the text itself.
  const scanned = ` ${lowered}`;
  DETECTOR.lastIndex = 0;
  for (let match = DETECTOR.exec(scanned); match !== null; match = DETECTOR.exec(scanned)) {
    if (match.groups === undefined || !isDiscriminatory(match.groups, rental)) continue;
    const phrase = quoted.slice(match.index, match.index + match[0].length - 1).replace(/\s+/g, ' ');
    const key = phrase.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(phrase);
  }
  return found;
}

const MAX_QUOTED = 5;

export const discriminatoryWording: Rule = {
  code: 'discriminatory_wording',
  check(content): Reason | null {
    // Every transaction: a sale or a life annuity may no more pick its buyer than a rental its tenant.
    const text = content.description === null ? content.title : `${content.title}\n${content.description}`;
    const found = findDiscriminatoryWording(text, content.transaction);
    if (found.length === 0) return null;
    return { code: 'discriminatory_wording', severity: 'review', params: { phrases: found.slice(0, MAX_QUOTED) } };
  },
  describe(params) {
    const quoted = (params.phrases ?? []) as readonly string[];
    return {
      fr: `L’annonce contient une formulation discriminatoire : ${quoted.map((p) => `« ${p} »`).join(', ')}. Une annonce, de vente, de viager ou de location, ne peut écarter ni privilégier un acquéreur ou un locataire en raison de son origine, de sa nationalité, de sa religion, de sa situation de famille, de son âge, de son handicap ou de son orientation sexuelle (code pénal, art. 225-1 et 225-2 ; loi du 6 juillet 1989, art. 1, pour une location). Supprimez ces mentions.`,
      en: `The ad contains discriminatory wording: ${quoted.map((p) => `"${p}"`).join(', ')}. An ad, for a sale, a life annuity or a rental, may not exclude or favour buyers or tenants for their origin, nationality, religion, family situation, age, handicap or sexual orientation (French penal code, art. 225-1 and 225-2; for a rental, law of 6 July 1989, art. 1). Remove these words.`,
    };
  },
};
