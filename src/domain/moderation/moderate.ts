import type { ListingContent } from '../listing-model/model.js';
import { maskedContactDetails } from './contact-details.js';
import { likelyDuplicate } from './duplicates.js';
import { bannedRentalEnergyClass, missingDpe } from './energy.js';
import { implausiblePrice, implausiblePricePerM2 } from './price-bounds.js';
import type { ModerationContext, Reason, Rule } from './reason.js';
import { implausibleRooms, implausibleSurface } from './surface.js';
import { discriminatoryWording } from './wording.js';

export type ModerationOutcome = 'approved' | 'pending' | 'rejected';

export interface ModerationResult {
  outcome: ModerationOutcome;
  reasons: Reason[];
}

export const RULES: readonly Rule[] = [
  implausiblePrice,
  implausiblePricePerM2,
  implausibleSurface,
  implausibleRooms,
  missingDpe,
  bannedRentalEnergyClass,
  discriminatoryWording,
  maskedContactDetails,
  likelyDuplicate,
];

/** A rule that throws tells nothing about the listing, so a person looks at it instead. */
const ruleError = (code: string): Reason => ({ code: 'rule_error', severity: 'review', params: { rule: code } });

/** Runs every rule: any reject rejects, else any review waits, else approved (notes are kept). */
export function moderate(content: ListingContent, context: ModerationContext, rules: readonly Rule[] = RULES): ModerationResult {
  const reasons: Reason[] = [];
  let outcome: ModerationOutcome = 'approved';
  for (const rule of rules) {
    let reason: Reason | null;
    try {
      reason = rule.check(content, context);
    } catch (error) {
      reason = ruleError(rule.code);
      try {
        context.onRuleError?.(rule.code, error);
      } catch {
        // Reporting is best effort: a failing logger must not fail the push either.
      }
    }
    if (reason === null) continue;
    reasons.push(reason);
    if (reason.severity === 'reject') outcome = 'rejected';
    else if (reason.severity === 'review' && outcome === 'approved') outcome = 'pending';
  }
  return { outcome, reasons };
}
