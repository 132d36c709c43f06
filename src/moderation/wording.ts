import { accentInsensitive } from './accent-insensitive.js';
import type { Reason, Rule } from './reason.js';

/**
 * Discriminatory wording in a rental ad. A landlord may not choose or refuse a tenant for their
 * origin, nationality, surname, religion, sex, family situation, pregnancy, handicap, sexual
 * orientation or age (loi du 6 juillet 1989, art. 1; code pénal, art. 225-1 and 225-2).
 *
 * A protected group named in an ad is innocent ("idéal pour une famille", "accès handicapé",
 * "proche de l'église"); what an ad may not do is *require* or *exclude* one. So each pattern
 * pairs a group with a requiring or excluding phrase, which keeps innocent sentences that share
 * the words ("maison familiale", "mur d'enceinte", "jardin d'enfants") clean.
 *
 * Patterns are written folded (lowercase, no accents) and compiled once into a single regular
 * expression: one pass over the text per listing.
 */

/** Groups an ad may neither require nor exclude. */
const GROUPS = [
  'etrangers?', 'immigre(?:e)?s?', 'francais(?:es?)?', 'europeen(?:ne)?s?', 'africain(?:e)?s?', 'maghrebin(?:e)?s?',
  'arabes?', 'noirs?', 'noires?', 'asiatiques?', 'roms?', 'gens du voyage', 'personnes? de couleur', 'beurs?', 'blacks?',
  'musulman(?:e)?s?', 'chretien(?:ne)?s?', 'juifs?', 'juives?', 'catholiques?', 'protestant(?:e)?s?', 'femmes? voilee?s?',
  'enfants?', 'bebes?', 'familles? nombreuses?', 'familles?', 'meres? celibataires?', 'peres? celibataires?',
  'couples? maries?', 'couples? non maries?', 'maries?', 'celibataires?', 'divorce(?:e)?s?',
  'femmes? enceintes?', 'grossesses?',
  'personnes? handicapees?', 'handicape(?:e)?s?', 'personnes? a mobilite reduite', 'fauteuils? roulants?',
  'homosexuel(?:le)?s?', 'couples? homosexuels?', 'couples? de meme sexe', 'gays?', 'lesbiennes?', 'heteros?(?:exuel(?:le)?s?)?',
  'jeunes', 'hommes', 'femmes',
];

/**
 * Groups an ad may reserve a home for but may not exclude: a résidence services seniors is a
 * legal category (code de la construction, L631-13) that may be reserved for older people, so
 * "réservé aux seniors" is innocent there, but "pas de retraités" never is.
 */
const EXCLUDABLE_ONLY = ['seniors?', 'retraite(?:e)?s?', 'personnes? agees?', 'vieux', 'vieilles?'];

const group = `(?:${GROUPS.join('|')})`;
const anyGroup = `(?:${[...GROUPS, ...EXCLUDABLE_ONLY].join('|')})`;

const REQUIRING_AFTER = `(?:uniquement|seulement|exclusivement|exige(?:e)?s?|obligatoires?|requis(?:e)?s?|imperatifs?|souhaite(?:e)?s?|prefere(?:e)?s?|de preference|pratiquante?s?)`;
const EXCLUDING_BEFORE = `(?:pas (?:de |d'|les |des )|sans |aucune? |ni |refusons (?:les )?|n'acceptons pas (?:les )?|n'accepte pas (?:les )?|non |interdit aux |interdite aux |exclus? )`;
const EXCLUDING_AFTER = `(?:s'abstenir|s'abstenant|refuse(?:e)?s?|non acceptee?s?|pas acceptee?s?|non admise?s?|pas admise?s?|exclue?s?|interdite?s?|non merci|pas merci)`;
const RESERVED_FOR = `reserve(?:e)?s? (?:exclusivement |uniquement |en priorite )?(?:aux?|a des|a une?|a la|a l')`;

const PATTERNS = [
  `${RESERVED_FOR} ${group}`,
  `${group} ${REQUIRING_AFTER}`,
  `${EXCLUDING_BEFORE}${anyGroup}`,
  `${anyGroup} ${EXCLUDING_AFTER}`,
  `nationalite (?:francaise|europeenne|etrangere|\\p{L}+ (?:exigee|obligatoire|requise|imposee|uniquement|seulement))`,
  `origine (?:francaise|europeenne|etrangere|africaine|maghrebine|arabe|asiatique|immigree)`,
  `(?:francais(?:es?)?|europeen(?:ne)?s?) de souche`,
  `(?:nom|patronyme)s? (?:a |aux )?(?:consonance|resonance)`,
  `(?:age|agee?s?) (?:de )?(?:moins|plus) de \\d+ ans`,
  `(?:moins|plus) de \\d+ ans ${REQUIRING_AFTER}`,
  `(?:limite d'age|age (?:maximum|minimum|maxi|mini|limite))`,
];

// Word boundaries by letters, not \b, which treats "é" as a non-word character.
const DETECTOR = new RegExp(`(?<![\\p{L}\\p{N}])(?:${PATTERNS.map(accentInsensitive).join('|')})(?![\\p{L}\\p{N}])`, 'giu');

/** The discriminatory phrases found, as written in the text, each once, in order. */
export function findDiscriminatoryWording(text: string): string[] {
  const found: string[] = [];
  DETECTOR.lastIndex = 0;
  for (let match = DETECTOR.exec(text); match !== null; match = DETECTOR.exec(text)) {
    const phrase = match[0].replace(/\s+/g, ' ');
    if (!found.includes(phrase)) found.push(phrase);
  }
  return found;
}

const MAX_QUOTED = 5;

export const discriminatoryWording: Rule = {
  code: 'discriminatory_wording',
  check(content): Reason | null {
    if (content.transaction !== 'rental') return null;
    const found = findDiscriminatoryWording(content.description === null ? content.title : `${content.title}\n${content.description}`);
    if (found.length === 0) return null;
    const quoted = found.slice(0, MAX_QUOTED);
    return {
      code: 'discriminatory_wording',
      severity: 'review',
      message: {
        fr: `L’annonce contient une formulation discriminatoire : ${quoted.map((p) => `« ${p} »`).join(', ')}. Une annonce de location ne peut écarter ni privilégier un candidat en raison de son origine, de sa nationalité, de sa religion, de sa situation de famille, de son âge, de son handicap ou de son orientation sexuelle (loi du 6 juillet 1989, art. 1). Supprimez ces mentions.`,
        en: `The ad contains discriminatory wording: ${quoted.map((p) => `"${p}"`).join(', ')}. A rental ad may not exclude or favour applicants for their origin, nationality, religion, family situation, age, handicap or sexual orientation (French law of 6 July 1989, art. 1). Remove these words.`,
      },
    };
  },
};
