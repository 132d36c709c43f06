/**
 * Many short texts as one string and the offsets between them: one object for the collector
 * instead of one per text. A sorted pack is searched in place (`lowerBound`), without making a
 * string of each text it passes.
 */
export interface PackedTexts {
  count: number;
  at(i: number): string;
  /** The first position whose text is not below `key` (the texts sorted by code unit). */
  lowerBound(key: string): number;
}

export function packTexts(texts: readonly string[]): PackedTexts {
  const start = new Uint32Array(texts.length + 1);
  texts.forEach((text, i) => (start[i + 1] = start[i]! + text.length));
  const joined = texts.join('');
  /** Whether text `i` sorts before `key`, compared unit by unit as `<` compares strings. */
  const below = (i: number, key: string) => {
    const from = start[i]!;
    const length = start[i + 1]! - from;
    const common = Math.min(length, key.length);
    for (let k = 0; k < common; k++) {
      const difference = joined.charCodeAt(from + k) - key.charCodeAt(k);
      if (difference !== 0) return difference < 0;
    }
    return length < key.length;
  };
  return {
    count: texts.length,
    at: (i) => joined.slice(start[i], start[i + 1]),
    lowerBound(key) {
      let low = 0;
      let high = texts.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (below(mid, key)) low = mid + 1;
        else high = mid;
      }
      return low;
    },
  };
}
