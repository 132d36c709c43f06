import { RULES } from './moderate.js';
import type { Message, Reason, ReasonParams } from './reason.js';

/** Messages of the reasons no rule gives: a failed rule, the sandbox markers, an operator's decision. */
const OTHER_MESSAGES: Record<string, (params: ReasonParams) => Message> = {
  rule_error: ({ rule }) => ({
    fr: `La vérification automatique « ${rule} » n’a pas pu être effectuée sur cette annonce ; un modérateur va l’examiner. Aucune action n’est requise de votre part.`,
    en: `The automatic check "${rule}" could not run on this listing; a moderator will review it. No action is needed on your side.`,
  }),
  sandbox_reject: () => ({
    fr: 'Refus simulé : le titre contient [reject] (bac à sable).',
    en: 'Simulated rejection: the title contains [reject] (sandbox).',
  }),
  sandbox_review: () => ({
    fr: 'Examen simulé : le titre contient [review] ; décidez avec POST /sandbox/v1/listings/{serviceId}/moderation (bac à sable).',
    en: 'Simulated review: the title contains [review]; decide with POST /sandbox/v1/listings/{serviceId}/moderation (sandbox).',
  }),
  operator: operatorMessage,
  sandbox_operator: operatorMessage,
};

/** An operator's own words are shown as written, in both languages; without them, a plain statement. */
function operatorMessage({ text, decision }: ReasonParams): Message {
  if (typeof text === 'string') return { fr: text, en: text };
  return decision === 'reject'
    ? { fr: 'Annonce refusée par la modération.', en: 'Listing rejected by moderation.' }
    : { fr: 'Annonce approuvée par la modération.', en: 'Listing approved by moderation.' };
}

const MESSAGES = new Map<string, (params: ReasonParams) => Message>([
  ...RULES.map((rule) => [rule.code, (params: ReasonParams) => rule.describe(params)] as const),
  ...Object.entries(OTHER_MESSAGES),
]);

/**
 * The French messages of a listing's reasons, each once: an operator who rejects with a rule's
 * own wording records that wording beside the rule's reason, and the agency reads it once.
 */
export function distinctReasonMessages(reasons: readonly Reason[]): string[] {
  return [...new Set(reasons.map((reason) => describeReason(reason).fr))];
}

/** A reason's message in French and English, written from its stored values. */
export function describeReason(reason: Reason): Message {
  const describe = MESSAGES.get(reason.code);
  if (!describe) return { fr: `Motif : ${reason.code}.`, en: `Reason: ${reason.code}.` };
  return describe(reason.params ?? {});
}
