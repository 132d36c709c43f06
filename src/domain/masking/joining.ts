/**
 * What may stand between two masked details for them to share one mark (docs/decisions.md §8):
 * horizontal space, listing punctuation, and the few words that only lead from one way of
 * reaching someone to the next (« 06 … ou écrivez à jean@… », « Tél : … / Mail : … »,
 * « SeLoger, Logic-Immo et PAP »). Any other word, a digit, a full stop or a line break keeps
 * the details apart, so masking never swallows what the agency said about the property and
 * the layout of the text survives.
 */

// Horizontal whitespace only: details on separate lines keep separate marks.
export const isHorizontalSpace = (c: number): boolean =>
  c === 0x20 || c === 0x09 || c === 0xa0 || c === 0x202f || c === 0x3000 || (c >= 0x2000 && c <= 0x200b);

/** Punctuation that lists or links details; never a sentence's end nor a bracket left open. */
const JOINING_PUNCTUATION = new Set(",;:/\\|-\u2010\u2011\u2013\u2014&+·•'\u2019");

/** Connecting words, contact verbs and channel names, lower case and without accents. */
// prettier-ignore
const JOINING_WORDS = new Set(
  [
    'ou', 'et', 'sinon', 'bien', 'puis', 'aussi', 'egalement', 'encore', 'ainsi',
    'a', 'au', 'aux', 'par', 'sur', 'via', 'en', 'chez', 'le', 'la', 'les', 'l', 'de', 'du', 'des', 'd', 'un', 'une',
    'nous', 'vous', 'me', 'moi', 'm', 'notre', 'votre',
    'appelez', 'appeler', 'appel', 'telephonez', 'telephoner', 'ecrivez', 'ecrire', 'contactez', 'contacter', 'contact',
    'joindre', 'joignez', 'joignable', 'envoyez', 'envoyer', 'voyez', 'voir', 'consultez', 'consulter', 'retrouvez',
    'tel', 'telephone', 'portable', 'port', 'mobile', 'fixe', 'ligne', 'standard', 'numero', 'fax',
    'mail', 'email', 'e', 'mel', 'courriel', 'adresse', 'site', 'web', 'internet', 'sms', 'texto', 'message', 'whatsapp',
  ],
);

/** A gap longer than this holds more than a link between details. */
const MAX_GAP = 60;

const ACCENTS = /\p{M}/gu;
const LETTER = /\p{L}/u;

const isJoiningWord = (word: string): boolean => JOINING_WORDS.has(word.normalize('NFD').replace(ACCENTS, '').toLowerCase());

/** Whether text[from, to), between two masked details, may go with them into one mark. */
export function joinsDetails(text: string, from: number, to: number): boolean {
  if (to - from > MAX_GAP) return false;
  let wordStart = -1;
  for (let i = from; i < to; i++) {
    const ch = text[i] as string;
    if (LETTER.test(ch)) {
      if (wordStart < 0) wordStart = i;
      continue;
    }
    if (wordStart >= 0 && !isJoiningWord(text.slice(wordStart, i))) return false;
    wordStart = -1;
    if (!isHorizontalSpace(ch.charCodeAt(0)) && !JOINING_PUNCTUATION.has(ch)) return false;
  }
  return wordStart < 0 || isJoiningWord(text.slice(wordStart, to));
}
