import type { ListingWarning } from '../../../domain/listings/warnings.js';
import type { ErrorObject } from 'ajv';
import { echoableId } from '../../../platform/validation/storable.js';
import { LIMITS } from '../../../domain/listings/limits.js';
import { acceptedItem, type ItemCheck, type ItemResult } from '../../../domain/listings/bulk-write.js';
import type { WriteKind } from '../../../domain/listings/write.js';
import { bulkModerationSummary } from '../../../domain/listings/response-views.js';
import { refuseFields, type FieldError } from '../../../platform/outcome.js';
import { compileBodyValidator, fieldErrorsFromAjv } from '../../../platform/validation/schema-validator.js';
import { V1_NAMES, v1Draft, type V1Body } from '../mapping.js';
import { ListingCreate } from '../schemas.js';
import { LISTING_BODY_HINTS } from './listing-http.js';
import { ENGLISH_RULES } from '../../../platform/validation/rule-words.js';
import { rawDuplicateProbe } from '../../../domain/listings/duplicate-candidates.js';
import { PROPERTY_TYPES, TRANSACTIONS } from '../../../domain/listing-model/model.js';

const identity = (values: readonly string[]) => Object.fromEntries(values.map((value) => [value, value]));
/** What a batch item is compared on for likely duplicates, in v1's names. */
export const v1DuplicateProbe = (item: unknown) => rawDuplicateProbe(item, V1_NAMES, identity(TRANSACTIONS), identity(PROPERTY_TYPES));

/** Batch items are checked one by one, so one bad item never stops the others. */
const validateItem = compileBodyValidator(ListingCreate);

export interface BatchItemResult {
  index: number;
  externalId: string | null;
  outcome: WriteKind | 'error';
  serviceId: string | null;
  version: number | null;
  error: { code: string; message: string; errors: FieldError[] } | null;
  warnings: ListingWarning[];
  /** Codes of the legal mentions the listing lacks. */
  compliance: string[];
  moderation: ReturnType<typeof bulkModerationSummary> | null;
}

export interface BatchResult {
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  results: BatchItemResult[];
}

/** One batch item as POST /v1/listings would take it: schema, then what the schema cannot say. */
export function checkBatchItem(item: unknown): ItemCheck {
  const externalId = echoableId((item as V1Body | null)?.externalId, LIMITS.externalId);
  if (!validateItem(item)) {
    const errors = fieldErrorsFromAjv((validateItem.errors ?? []) as ErrorObject[], 'body', ENGLISH_RULES, LISTING_BODY_HINTS, item);
    return { ...refuseFields('validation_error', errors), externalId, errors };
  }
  const draft = v1Draft(item as V1Body);
  return draft.ok ? { ok: true, draft: draft.value } : { ...draft, externalId, errors: draft.errors ?? [] };
}

/** The answer of POST /v1/listings/batch: the counts and one result per item, in order. */
export function batchResult(written: readonly ItemResult[]): BatchResult {
  const counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  const results = written.map((result): BatchItemResult => {
    const { index } = result;
    if (!result.ok) {
      counts.failed += 1;
      const { refusal } = result;
      const error = { code: refusal.code, message: refusal.detail, errors: refusal.errors ?? [] };
      return {
        index,
        externalId: result.externalId,
        outcome: 'error',
        serviceId: null,
        version: null,
        error,
        warnings: [],
        compliance: [],
        moderation: null,
      };
    }
    const { listing } = result;
    counts[listing.outcome] += 1;
    return {
      ...acceptedItem(index, listing),
      error: null,
      warnings: listing.warnings,
      compliance: listing.compliance.map((warning) => warning.code),
    };
  });
  return { processed: written.length, ...counts, results };
}
