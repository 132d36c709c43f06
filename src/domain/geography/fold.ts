/**
 * Place names as people type them, folded to one key: case, accents, ligatures, hyphens,
 * apostrophes, dots and runs of spaces do not matter; `St`/`Ste` are Saint/Sainte; a trailing
 * `CEDEX n` (a postal routing mention, never part of a commune's name) is dropped. The official
 * names are folded the same way, so « ST ETIENNE CEDEX 2 » and « Saint-Étienne » meet.
 */
const ASCII = /^[\x20-\x7e]*$/;

export function foldPlaceName(text: string): string {
  // Most cities come in plain ASCII (« SAINT ETIENNE »): nothing to decompose then.
  const plain = ASCII.test(text) ? text : text.normalize('NFD').replace(/\p{Diacritic}/gu, '');
  const words = plain
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ');
  const cedex = words.lastIndexOf('cedex');
  if (cedex > 0 && words.slice(cedex + 1).every((word) => /^\d{1,2}$/.test(word))) words.length = cedex;
  return words.map((word) => (word === 'st' ? 'saint' : word === 'ste' ? 'sainte' : word)).join(' ');
}

/**
 * « Paris 11e », « PARIS 11EME », « Lyon 3 », « Marseille 1er arrondissement », folded: the city
 * and the arrondissement's number, or null when the name is not written that way.
 */
export function arrondissementOf(folded: string): { city: string; number: number } | null {
  const match = /^(.*\D)\s(\d{1,2})\s?(?:er|e|eme|em|me)?(?:\s(?:arrondissement|arrdt|arr))?$/.exec(folded);
  return match ? { city: match[1]!.trim(), number: Number(match[2]) } : null;
}
