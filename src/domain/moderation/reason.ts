import type { ListingContent, ModerationReason } from '../listing-model/model.js';

/**
 * `reject` is a hard violation, `review` waits for an operator, `note` is a remark that is
 * kept with the decision but never holds a listing back (docs/decisions.md §11: contact details).
 */
export type Severity = ModerationReason['severity'];

export type Reason = ModerationReason;
export type ReasonParams = NonNullable<Reason['params']>;

/** A reason's message in both languages. */
export interface Message {
  fr: string;
  en: string;
}

/** A listing the duplicate rule compares against: another live listing of the same agency. */
export interface DuplicateCandidate {
  serviceId: string;
  content: Pick<ListingContent, 'transaction' | 'propertyType' | 'postcode' | 'surface' | 'price'>;
}

/** What rules need beyond the content; the caller computes it, rules stay pure. */
export interface ModerationContext {
  /** When the decision is taken: legal thresholds (energy classes) depend on the date. */
  decidedAt: Date;
  /** How many contact details the masker removed from the title and description. */
  maskedContactDetails?: number;
  /** Other live listings of the same agency, the listing itself excluded. */
  duplicateCandidates?: readonly DuplicateCandidate[];
  onRuleError?: (ruleCode: string, error: unknown) => void;
}

/**
 * A rule checks a listing and, when it speaks, returns a reason with the few values its
 * message needs; `describe` writes that message. Stored reasons keep the values only, so a
 * flagged listing stores a few bytes, not two paragraphs.
 */
export interface Rule {
  code: string;
  check(content: ListingContent, context: ModerationContext): Reason | null;
  describe(params: ReasonParams): Message;
}
