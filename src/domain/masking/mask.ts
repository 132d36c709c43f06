/**
 * Contact-detail masking for listing titles and descriptions.
 *
 * Detectors work on a folded copy of the text (see fold.ts) and report spans;
 * spans are mapped back to the original, merged, and replaced, so every
 * character that is not part of a contact detail comes out untouched.
 */
import { fold, originalEnd, originalStart, type Folded } from './fold.js';
import { joinsDetails } from './joining.js';
import { createPhoneDetector } from './phone.js';
import { createPortalDetector, DEFAULT_PORTALS } from './portals.js';
import { overlapChecker, sortSmall, subtract } from './spans.js';
import type { MaskKind, Span } from './types.js';
import { NUMBER_WORD_LIST } from './spelled.js';
import { createWebDetector } from './web.js';
import { AT_WORD_LIST } from './web-patterns.js';
import { createWordScanner } from './words.js';

export { DEFAULT_PORTALS } from './portals.js';
export type { MaskKind } from './types.js';

/**
 * The mark left where contact details were: short, as a sentence holds one however many details
 * it had (joining.ts); pages that show it explain it once (docs/decisions.md §8).
 */
export const MASK_TEXT = '[coordonnées masquées]';

/** Whether a public text holds the mark. */
export const holdsMask = (text: string | null | undefined): boolean => text?.includes(MASK_TEXT) ?? false;

/** Mandatory legal links that must stay readable (the ERP/Géorisques mention). */
export const DEFAULT_ALLOWED_DOMAINS: readonly string[] = Object.freeze(['georisques.gouv.fr']);

export interface MaskResult {
  text: string;
  /** How many marks the text holds now that it did not. */
  masked: number;
  /** One kind per mark, the kind of its first detail. */
  kinds: Array<MaskKind>;
  /** Every kind of detail masked, once each, in order: a mark holding a phone number and an e-mail address counts both. */
  found: Array<MaskKind>;
}

export interface Masker {
  mask(text: string): MaskResult;
}

export interface MaskerOptions {
  /** Competing portals to mask; replaces DEFAULT_PORTALS (spread it to extend). */
  portals?: readonly string[];
  /** Domains (and their subdomains) never masked; replaces DEFAULT_ALLOWED_DOMAINS. */
  allowedDomains?: readonly string[];
}

// Merged details are reported under the kind of the first one; when two start
// at the same place the more specific wins: "contact@seloger.com" is an
// e-mail, "seloger.com" a portal rather than a mere link.
const KIND_RANK: Record<MaskKind, number> = { email: 0, portal: 1, url: 2, phone: 3 };

const hasAlnum = (s: string, from: number, to: number): boolean => {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0x80) return true;
  }
  return false;
};

/** A replacement made by this call, in the coordinates of the current text. */
interface Made extends Span {
  made: true;
  /** The kinds of the details it holds. */
  linked: MaskKind[];
}

/**
 * text.indexOf(MASK_TEXT, from), found from its rare first character: a
 * native search for one character is far cheaper than one for a long needle.
 */
function indexOfMask(text: string, from: number): number {
  for (let i = text.indexOf('[', from); i >= 0; i = text.indexOf('[', i + 1)) if (text.startsWith(MASK_TEXT, i)) return i;
  return -1;
}

/** A folded-text span in the coordinates of the original text (the span itself when they are the same). */
function toOriginal(folded: Folded, s: Span): Span {
  if (folded.start === null) return s;
  return { start: originalStart(folded, s.start), end: originalEnd(folded, s.end - 1), kind: s.kind };
}

const byStart = (a: Span, b: Span): number => a.start - b.start;

/** Earlier first; at equal starts an existing mask leads so it keeps its kind. */
const byMaskOrder = (a: Span | Made, b: Span | Made): number =>
  a.start - b.start || Number('made' in b) - Number('made' in a) || KIND_RANK[a.kind] - KIND_RANK[b.kind] || b.end - a.end;

/**
 * Masking runs to a fixed point. A first pass decides with the text as
 * written; replacing a detail glued to other characters can expose another
 * one whose boundary check looked at that detail ("…78https://…",
 * "78Bien'ici"). Running the detectors again on the result, merging what they
 * find with the masks already made, is what makes mask(mask(x)) === mask(x)
 * hold. Another pass is only needed when a mask touches something other than
 * a space or sentence punctuation, so ordinary text costs a single pass.
 */
const MAX_PASSES = 4;

const SAFE_BEFORE = new Set(['(', '[', '"', '«', ':', ';', ',', '/', '-', '–', '—']);
const SAFE_AFTER = new Set([')', ']', '"', '»', ':', ';', ',', '!', '?', '/', '-', '–', '—']);
const isSpaceOrBreak = (c: string | undefined): boolean => c === undefined || c.trim() === '';

/** Whether what surrounds [start, end) can no longer change once it is masked. */
function settled(text: string, start: number, end: number): boolean {
  const before = text[start - 1];
  if (!isSpaceOrBreak(before) && !SAFE_BEFORE.has(before ?? '')) return false;
  const after = text[end];
  if (isSpaceOrBreak(after) || SAFE_AFTER.has(after ?? '')) return true;
  // A full stop is sentence punctuation only when a space or the end follows.
  return after === '.' && isSpaceOrBreak(text[end + 1]);
}

/**
 * The spans of `found` (folded coordinates) to mask in `text` (its own
 * coordinates), minus the protected ranges: whitelisted links (`keptFolded`)
 * and the masks already in the input.
 */
function spansOutsideProtected(text: string, folded: Folded, found: Span[], keptFolded: readonly Span[], made: readonly Made[]): Span[] {
  // A whitelisted link entangled with a detail ("x@georisques.gouv.fr",
  // "…?next=www.georisques.gouv.fr", digits glued to it) goes with the
  // detail instead of punching a hole in its mask.
  const allowedLinks: Span[] = [];
  if (keptFolded.length > 0) {
    const overlapsDetail = overlapChecker(found);
    for (const k of keptFolded) (overlapsDetail(k.start, k.end) ? found : allowedLinks).push(k);
  }

  // Never mask inside a mask that was already in the input (idempotence) or
  // inside a whitelisted link. Masks made by this call are not protected:
  // a detail touching one is absorbed into it.
  const kept: Span[] = [];
  for (const k of allowedLinks) kept.push(toOriginal(folded, k));
  let m = 0;
  for (let i = indexOfMask(text, 0); i >= 0; i = indexOfMask(text, i + MASK_TEXT.length)) {
    while (m < made.length && (made[m]?.start ?? Infinity) < i) m++;
    if (made[m]?.start !== i) kept.push({ start: i, end: i + MASK_TEXT.length, kind: 'url' });
  }
  sortSmall(kept, byStart);
  const keptEndsMax: number[] = [];
  for (const k of kept) keptEndsMax.push(Math.max(k.end, keptEndsMax[keptEndsMax.length - 1] ?? 0));

  const spans: Span[] = [];
  for (const s of found) {
    if (s.end <= s.start) continue;
    const o = toOriginal(folded, s);
    if (kept.length === 0) spans.push(o);
    else subtract(o, kept, keptEndsMax, spans);
  }
  // Keep only the spans with a letter or digit, in place.
  let n = 0;
  for (const s of spans) if (hasAlnum(text, s.start, s.end)) spans[n++] = s;
  spans.length = n;
  return spans;
}

/** What one pass replaces: the spans in mask order, merged when they overlap or only joining text parts them (joining.ts). */
interface MaskGroup {
  start: number;
  end: number;
  kind: MaskKind;
  /** The kinds of the details it holds: one detail's overlapping finds count once, under the first. */
  linked: MaskKind[];
  /** Whether it holds something not masked yet. */
  fresh: boolean;
}

const addKinds = (to: MaskKind[], kinds: readonly MaskKind[]): void => {
  for (const kind of kinds) if (!to.includes(kind)) to.push(kind);
};
const kindsOf = (s: Span | Made): readonly MaskKind[] => ('made' in s ? s.linked : [s.kind]);

function mergedGroups(text: string, all: ReadonlyArray<Span | Made>): MaskGroup[] {
  const groups: MaskGroup[] = [];
  for (const s of all) {
    const cur = groups[groups.length - 1];
    if (cur !== undefined && (s.start <= cur.end || joinsDetails(text, cur.end, s.start))) {
      if (s.start >= cur.end) addKinds(cur.linked, kindsOf(s));
      if (s.end > cur.end) {
        cur.end = s.end;
        cur.fresh = true;
      }
      continue;
    }
    groups.push({ start: s.start, end: s.end, kind: s.kind, linked: [...kindsOf(s)], fresh: !('made' in s) });
  }
  return groups;
}

export function createMasker(options: MaskerOptions = {}): Masker {
  const phones = createPhoneDetector();
  const web = createWebDetector(options.allowedDomains ?? DEFAULT_ALLOWED_DOMAINS);
  const portals = createPortalDetector(options.portals ?? DEFAULT_PORTALS);
  const scanWords = createWordScanner(portals.names, NUMBER_WORD_LIST, AT_WORD_LIST);

  /** Spans to mask in `text` (its own coordinates), minus protected ranges. */
  function detect(text: string, made: readonly Made[]): Span[] {
    const folded = fold(text);
    const found: Span[] = [];
    const keptFolded: Span[] = [];
    const words = scanWords(folded.text);
    web.detect(folded.text, words.ats, found, keptFolded);
    portals.detect(folded, text, words.names, found);
    phones.detect(folded.text, words.numbers, found, found);
    if (found.length === 0) return found;
    return spansOutsideProtected(text, folded, found, keptFolded, made);
  }

  function mask(input: string): MaskResult {
    let text = typeof input === 'string' ? input : String(input ?? '');
    let made: Made[] = [];
    for (let pass = 0; pass < MAX_PASSES && text.length > 0; pass++) {
      const spans = detect(text, made);
      if (spans.length === 0) break;
      const all: Array<Span | Made> = spans;
      for (const m of made) all.push(m);
      sortSmall(all, byMaskOrder);

      const groups = mergedGroups(text, all);
      // Details found only inside masks made earlier change nothing.
      let fresh = false;
      for (const g of groups) fresh ||= g.fresh;
      if (!fresh) break;

      let out = '';
      let pos = 0;
      let stable = true;
      const next: Made[] = [];
      for (const g of groups) {
        if (g.fresh && !settled(text, g.start, g.end)) stable = false;
        out += text.slice(pos, g.start);
        next.push({ start: out.length, end: out.length + MASK_TEXT.length, kind: g.kind, made: true, linked: g.linked });
        out += MASK_TEXT;
        pos = g.end;
      }
      text = out + text.slice(pos);
      made = next;
      if (stable) break;
    }
    const kinds: MaskKind[] = [];
    const found: MaskKind[] = [];
    for (const m of made) {
      kinds.push(m.kind);
      addKinds(found, m.linked);
    }
    return { text, masked: made.length, kinds, found };
  }

  return { mask };
}

const defaultMasker = createMasker();

export function maskContactDetails(text: string): MaskResult {
  return defaultMasker.mask(text);
}
