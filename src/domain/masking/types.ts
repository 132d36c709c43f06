export type MaskKind = 'phone' | 'email' | 'url' | 'portal';

/** Half-open range [start, end) in folded-text coordinates unless stated otherwise. */
export interface Span {
  start: number;
  end: number;
  kind: MaskKind;
}

export const isDigitCode = (c: number): boolean => c >= 0x30 && c <= 0x39;

/**
 * Letters surviving folding are lowercase and almost always ASCII; the rare
 * others (œ, æ, non-Latin scripts) count as separators, which can only make a
 * detector more eager, never let a contact detail through.
 */
export const isAlnumCode = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a);
