/**
 * Many short texts as one string and the offsets between them: one object for the collector
 * instead of one per text.
 */
export interface PackedTexts {
  count: number;
  at(i: number): string;
}

export function packTexts(texts: readonly string[]): PackedTexts {
  const start = new Uint32Array(texts.length + 1);
  texts.forEach((text, i) => (start[i + 1] = start[i]! + text.length));
  const joined = texts.join('');
  return { count: texts.length, at: (i) => joined.slice(start[i], start[i + 1]) };
}
