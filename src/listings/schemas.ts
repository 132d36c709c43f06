import { Type } from 'typebox';
import { LIMITS } from './limits.js';
import { MODERATION_STATES } from '../listing-model/model.js';
import { FIELD_MESSAGE_MAX } from '../validation/schema-validator.js';
import { Text } from '../validation/schema-types.js';
import { NO_CONTROL_CHARACTERS, idPattern } from '../validation/storable.js';

/**
 * Masking replaces each contact detail (at least 4 characters) with a 68-character notice,
 * so a public text is at most 17 times its original.
 */
export const PUBLIC_TEXT_GROWTH = 17;

/** Schema pieces of the listing that both interfaces use, written once so their rules and words never drift apart. */
export const ServiceId = (description = 'The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it.') =>
  Type.String({ pattern: idPattern('lst'), minLength: 5, maxLength: 64, description });

/** The agency’s own identifier of a listing: any text but control characters. */
export const ExternalId = (description?: string) =>
  Type.String({ minLength: 1, maxLength: LIMITS.externalId, pattern: NO_CONTROL_CHARACTERS, ...(description ? { description } : {}) });

export const Moderation = () =>
  Type.Object({
    state: Type.String({ enum: [...MODERATION_STATES] }),
    reasons: Type.Array(Text(FIELD_MESSAGE_MAX), { maxItems: 50, description: 'Why moderation flagged or refused the listing, one line per rule.' }),
  });

