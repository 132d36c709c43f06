/**
 * Remembers the answers of a pure function of a text, up to `size` of them, forgetting them all
 * when full: a CRM's pushes name the same few places night after night, and visitors type the
 * same first letters, so nearly every call is answered from here.
 */
export function memoized<T>(size: number, compute: (key: string) => T): (key: string) => T {
  let kept = new Map<string, T>();
  return (key) => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (kept.size >= size) kept = new Map();
    kept.set(key, value);
    return value;
  };
}
