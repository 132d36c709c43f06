/**
 * A path inside the space to return to after signing in; anything else (another site, `//host`,
 * a dot segment such as `/pro/../admin`, which the browser would resolve out of the space, plain
 * or percent-encoded) goes to the space's home.
 */
export function safeNext(base: string, next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith(base) || next.includes('//')) return base;
  const rest = next.slice(base.length);
  if (!/^(\/[\w\-./?=&%]*)?$/.test(rest)) return base;
  const path = rest.split('?')[0]!;
  const dotSegment = path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
  return dotSegment ? base : next;
}
