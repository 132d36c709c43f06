/**
 * Phone-number detection on folded text.
 *
 * Listings are full of numbers that must survive (prices, surfaces, SIREN,
 * CPI cards, dates, energy figures), so a digit run is only a phone when its
 * shape says so (phone-shapes.ts):
 *  - French: exactly 10 digits, "0" then 1-9, contiguous or in groups of at
 *    most 4 with one consistent separator ("06 12 34 56 78", "06.12…",
 *    "0 6 1 2 …", "0800 123 456"; five pairs may mix spaces with dots or
 *    dashes), unless it opens with a date ("06 12 2024 10 30");
 *  - international: "+" or "00" prefix, 9-15 digits, "+33" pinned to 9
 *    national digits (a trunk "(0)" is tolerated);
 *  - spelled out (spelled.ts): a run of French number words worth at least
 *    8 digits, or words mixed with digit groups that add up to a French
 *    number ("zero six 12 34 56 78").
 * Runs introduced by a legal keyword (SIREN, SIRET, RCS, RSAC, CPI, carte
 * professionnelle, TVA) or followed by a unit (€, m², %, kWh, lots, ans…) are
 * figures, not phones (phone-context.ts).
 *
 * The digits are read by a hand-written single pass (phone-chains.ts,
 * phone-digits.ts), the number words by spelled.ts.
 */
import { createRunContext } from './phone-context.js';
import { createDigitScan } from './phone-digits.js';
import { overlapChecker } from './spans.js';
import { createSpelledDetector, type TakenCheck } from './spelled.js';
import type { Span } from './types.js';

export interface PhoneDetector {
  /**
   * Pushes phone spans to `out`. `numberWords` are the number words of f
   * (see spelled.ts). `others` are the details already found (e-mails,
   * links, portals; it may be `out` itself): one of them between a legal
   * keyword and a number means the number is not part of the legal mention.
   */
  detect(f: string, numberWords: readonly number[], out: Span[], others: readonly Span[]): void;
}

export function createPhoneDetector(): PhoneDetector {
  const context = createRunContext();
  const detectDigits = createDigitScan(context);
  const spelled = createSpelledDetector();

  // What the spelled-number scan must not reuse: the phones found by the
  // digit scan (out[0..takenBefore)) and the other details. The overlap index
  // is built on first use: most texts have no run with a number word, and
  // sorting every span costs.
  const NONE: readonly Span[] = [];
  let takenOut: readonly Span[] = NONE;
  let takenBefore = 0;
  let takenOthers: readonly Span[] = NONE;
  let takenCheck: TakenCheck | null = null;
  const lazyTaken: TakenCheck = (start, end) => {
    if (takenCheck === null) {
      const spans = takenOut === takenOthers ? takenOut.slice(0, takenBefore) : [...takenOut.slice(0, takenBefore), ...takenOthers];
      takenCheck = overlapChecker(spans);
    }
    return takenCheck(start, end);
  };

  return {
    detect(f: string, numberWords: readonly number[], out: Span[], found: readonly Span[]): void {
      context.setOthers(found);
      detectDigits(f, out);
      takenOut = out;
      takenBefore = out.length;
      takenOthers = found;
      spelled(f, numberWords, out, context.legalSkip, context.followedByUnit, lazyTaken);
      context.setOthers(NONE);
      takenCheck = null;
      takenOut = takenOthers = NONE;
    },
  };
}
