export type { paths, components, operations } from './schema.js';
export {
  createListingSyncClient,
  ListingSyncError,
  DEFAULT_RETRY,
  DEFAULT_BASE_URL,
  baseUrlProblem,
  type ClientOptions,
  type ListingSyncClient,
  type RetryNotice,
  type RetryPolicy,
} from './http.js';
export {
  pushListings,
  MAX_BATCH,
  type IngestListing,
  type IngestResult,
  type ListingSource,
  type PushedBatch,
  type PushError,
  type PushOptions,
  type PushSummary,
} from './push.js';
export { reconcile, contentHashes, compareListings, type Differences, type LocalHash, type ServiceListing } from './reconcile.js';
export { syncListings, type SyncSession, type SyncSummary } from './sync.js';
export { listLeads, type Lead, type LeadStatus, type LeadThread, type ListLeadsOptions } from './leads.js';
export {
  listingPerformance,
  agencyPerformance,
  type AgencyPerformance,
  type ListingPerformance,
  type PerformanceDay,
  type PerformancePeriod,
} from './performance.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent } from './webhooks.js';
export { importPoliris, type PolirisImport, type PolirisImportOptions } from './poliris.js';
