export { moderate, RULES, type ModerationOutcome, type ModerationResult } from './moderate.js';
export { onlyPriceStatusOrChargesChanged } from './changes.js';
export { findLikelyDuplicate } from './duplicates.js';
export { findDiscriminatoryWording } from './wording.js';
export type { DuplicateCandidate, ModerationContext, Reason, Rule, Severity } from './reason.js';
export { reviewHash } from './changes.js';
export { reviewVersion, SANDBOX_MARKERS, type DecidedBy, type Review, type ReviewInput } from './review.js';
export { describeReason } from './messages.js';
export type { Message, ReasonParams } from './reason.js';
