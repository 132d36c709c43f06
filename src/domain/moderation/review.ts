import type { ListingContent, ModerationState } from '../listing-model/model.js';
import { reviewHash } from './changes.js';
import { moderate } from './moderate.js';
import type { DuplicateCandidate, Reason } from './reason.js';

/** Who decided a version: the rules, the price-only shortcut, the sandbox markers, or an operator. */
export type DecidedBy = 'rules' | 'price_change' | 'sandbox' | 'operator';

export interface Review {
  state: ModerationState;
  reasons: Reason[];
  decidedBy: DecidedBy;
  /** Hash of the content without price and charges, stored for the next change's shortcut. */
  reviewHash: string;
}

export interface ReviewInput {
  content: ListingContent;
  /** `reviewHash(content)`, when the caller has it already. */
  reviewHash?: string;
  env: 'live' | 'test';
  /** The stored listing's moderation state and review hash, when it exists (and is not deleted). */
  previous?: { state: ModerationState; reviewHash: string | null };
  maskedContactDetails: number;
  duplicateCandidates: readonly DuplicateCandidate[];
  decidedAt: Date;
  onRuleError?: (ruleCode: string, error: unknown) => void;
}

/** Sandbox titles choose their own outcome, so integrators can exercise every path (docs/decisions.md §11). */
export const SANDBOX_MARKERS = { reject: '[reject]', review: '[review]' } as const;

function sandboxReview(title: string): Pick<Review, 'state' | 'reasons'> {
  const lower = title.toLowerCase();
  if (lower.includes(SANDBOX_MARKERS.reject)) return { state: 'rejected', reasons: [{ code: 'sandbox_reject', severity: 'reject' }] };
  if (lower.includes(SANDBOX_MARKERS.review)) return { state: 'pending', reasons: [{ code: 'sandbox_review', severity: 'review' }] };
  return { state: 'approved', reasons: [] };
}

/**
 * The moderation of a new version of a listing's content (docs/decisions.md §11). Sandbox versions
 * follow their title's markers. An approved listing whose content changed in price or charges
 * only stays approved: such changes never wait. Anything else goes through every rule.
 */
export function reviewVersion(input: ReviewInput): Review {
  const hash = input.reviewHash ?? reviewHash(input.content);
  if (input.env === 'test') return { ...sandboxReview(input.content.title), decidedBy: 'sandbox', reviewHash: hash };
  const result = moderate(input.content, {
    decidedAt: input.decidedAt,
    maskedContactDetails: input.maskedContactDetails,
    duplicateCandidates: input.duplicateCandidates,
    onRuleError: input.onRuleError,
  });
  if (input.previous?.state === 'approved' && input.previous.reviewHash === hash) {
    // Remarks stay (masked contact details); what would hold the listing back does not apply.
    return { state: 'approved', reasons: result.reasons.filter((r) => r.severity === 'note'), decidedBy: 'price_change', reviewHash: hash };
  }
  return { state: result.outcome, reasons: result.reasons, decidedBy: 'rules', reviewHash: hash };
}
