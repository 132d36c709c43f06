import type { FieldError } from '../../../platform/outcome.js';
import { acceptedItem, type ItemResult } from '../../../domain/listings/bulk-write.js';
import { refuseMoreListingsThan } from '../../http/listing-count.js';
import { MAX_PUSH } from '../schemas.js';
import type { WriteKind } from '../../../domain/listings/write.js';
import { bulkModerationSummary } from '../../../domain/listings/response-views.js';
import { INGEST_NAMES, INGEST_TRANSACTIONS, INGEST_TYPES } from '../validate.js';
import { rawDuplicateProbe } from '../../../domain/listings/duplicate-candidates.js';

/** What a pushed item is compared on for likely duplicates, in ingestion names. */
export const ingestDuplicateProbe = (item: unknown) => rawDuplicateProbe(item, INGEST_NAMES, INGEST_TRANSACTIONS, INGEST_TYPES);

/** More than MAX_PUSH listings: the push is refused whole, before its Idempotency-Key is claimed. */
export const refuseTooManyListings = refuseMoreListingsThan(() => MAX_PUSH);

export interface PushError {
  index: number;
  externalId: string | null;
  reason: string;
  details: FieldError[];
}

export interface PushWarning {
  index: number;
  externalId: string;
  field: string;
  message: string;
}

/** What became of one pushed item: the listing's serviceId and version, or `error` (see errors[]). */
export interface PushItemResult {
  index: number;
  externalId: string | null;
  outcome: WriteKind | 'error';
  serviceId: string | null;
  version: number | null;
  /** Null for an item in error. */
  moderation: ReturnType<typeof bulkModerationSummary> | null;
  /** Codes of the legal mentions the listing lacks (empty for an item in error). */
  compliance: string[];
}

export interface PushResult {
  agencyId: string;
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  errors: PushError[];
  warnings: PushWarning[];
  results: PushItemResult[];
}

/**
 * The answer of a push: every item was checked on its own, the valid ones written together in
 * one transaction (`writeItems`), and each bad one is reported with its reason.
 */
export function pushResult(agencyId: string, itemResults: readonly ItemResult[]): PushResult {
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const errors: PushError[] = [];
  const warnings: PushWarning[] = [];
  const results = itemResults.map((result): PushItemResult => {
    const { index } = result;
    if (!result.ok) {
      const { refusal, externalId } = result;
      errors.push({ index, externalId, reason: refusal.detail, details: refusal.errors ?? [] });
      return { index, externalId, outcome: 'error', serviceId: null, version: null, moderation: null, compliance: [] };
    }
    const { listing } = result;
    counts[listing.outcome] += 1;
    for (const warning of listing.warnings) warnings.push({ index, externalId: listing.externalId, ...warning });
    return { ...acceptedItem(index, listing), compliance: listing.compliance.map((warning) => warning.code) };
  });
  return { agencyId, processed: itemResults.length, ...counts, errors, warnings, results };
}
