/**
 * Turns a pattern written in plain lowercase French (no accents, straight apostrophe, single
 * spaces) into one that matches every accented, curly-apostrophe, non-breaking-space spelling.
 * Expanding the pattern once beats normalising every description: the text is scanned as is.
 */
const LETTER_CLASSES: Record<string, string> = {
  a: '[aàâä]',
  e: '[eéèêë]',
  i: '[iîï]',
  o: '[oôö]',
  u: '[uùûü]',
  c: '[cç]',
  y: '[yÿ]',
};

export function accentInsensitive(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      // Escapes pass through whole, including a property name such as \p{L}.
      const next = source[i + 1] ?? '';
      if ((next === 'p' || next === 'P') && source[i + 2] === '{') {
        const close = source.indexOf('}', i);
        out += source.slice(i, close + 1);
        i = close;
      } else {
        out += ch + next;
        i++;
      }
      continue;
    }
    if (ch === '(' && source.startsWith('?<', i + 1) && /[a-z]/i.test(source[i + 3] ?? '')) {
      // A named group: its name is not text to match.
      const close = source.indexOf('>', i);
      out += source.slice(i, close + 1);
      i = close;
      continue;
    }
    if (ch === '[') inClass = true;
    if (ch === ']') inClass = false;
    if (inClass) out += ch;
    else if (ch === "'") out += "['’ʼ‘`´]\\s*";
    else if (ch === ' ') out += '[\\s\\-]+';
    else out += LETTER_CLASSES[ch] ?? ch;
  }
  return out;
}
