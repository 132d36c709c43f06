import { hash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a presented secret (a bearer token, a form's CSRF token, a key's hash) is the expected
 * one, in constant time. Anything but a string never matches.
 */
export function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  // Hashing first gives equal lengths, so the comparison leaks neither content nor length.
  const digest = (value: string) => hash('sha256', value, 'buffer');
  return timingSafeEqual(digest(given), digest(expected));
}
