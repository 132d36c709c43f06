import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether a presented bearer token is the configured one, in constant time. */
export function sameToken(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison leaks neither content nor length.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
