import { complianceWarnings } from '../compliance/legal-mention-rules.js';
import type { Database, Queryable } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { eventRecord } from '../events/outbox.js';
import { contentHash } from '../listing-model/content-hash.js';
import type { ListingDraft } from '../listing-model/model.js';
import { findLikelyDuplicate, reviewHash, reviewVersion, type DuplicateCandidate, type Review } from '../moderation/index.js';
import { refuse, type Outcome } from '../../platform/outcome.js';
import { changeEvents } from './change-events.js';
import { duplicateGroupKey } from './duplicate-group.js';
import { findDuplicateCandidates, type DuplicateProbe } from './duplicate-candidates.js';
import { RowSender } from './row-sender.js';
import { isOnSale } from '../public-listings/visibility.js';
import { inForeground } from '../../platform/jobs/foreground.js';
import type { AgencyEnv } from '../tenant.js';
import {
  changedListing,
  listingChange,
  listingRow,
  unchangedListing,
  type Change,
  type NewVersion,
  type PublicText,
} from './write-rows.js';
import {
  decide,
  FIND_EXISTING,
  lockScope,
  publicText,
  recordWrites,
  type Existing,
  type LockedScope,
  type WrittenListing,
} from './write-steps.js';

export { FIND_EXISTING, type WriteKind, type WrittenListing } from './write-steps.js';

/**
 * Drafts still to be checked: `externalIds` are the ids they may carry (a superset is fine),
 * looked up in the database before `drafts()` is read; the drafts are then checked one by one
 * as rows are written, so checking overlaps the database's work.
 */
export interface DraftsToCheck {
  externalIds: readonly string[];
  drafts(): Iterable<ListingDraft>;
  /**
   * Listings to look up for likely duplicates among the agency's stored listings, in the same
   * round trip as the externalIds, read from the raw items before they are checked. A draft
   * left out is one whose likely duplicate is expected earlier in this write; if that one turns
   * out not to be written, the draft is looked up on its own.
   */
  duplicateProbes?: readonly DuplicateProbe[];
}

export interface WriteOptions {
  /** Refuse a draft whose externalId is in use (v1 `If-None-Match: *`). */
  createOnly?: boolean;
  /** Told when a moderation rule throws; the listing then waits for an operator (`rule_error`). */
  onRuleError?: (ruleCode: string, error: unknown) => void;
}

/** Drafts are checked in slices of this many between looks at whether the lookup has answered. */
const CHECK_SLICE = 25;

/**
 * Reads drafts (checking them) while the database answers `lookup`, looking for its answer
 * between slices, so neither waits for the other. Returns the rows and every draft, in order.
 */
async function checkWhileLookingUp<Found>(lookup: Promise<Found>, drafts: Iterable<ListingDraft>) {
  let answer: Found | null = null;
  const answered = lookup.then((result) => (answer = result));
  answered.catch(() => {}); // awaited below
  const iterator = drafts[Symbol.iterator]();
  const checked: ListingDraft[] = [];
  let exhausted = false;
  while (answer === null && !exhausted) {
    for (let i = 0; i < CHECK_SLICE && !exhausted; i++) {
      const next = iterator.next();
      if (next.done) exhausted = true;
      else checked.push(next.value);
    }
    // A macrotask turn lets the database's answer in.
    if (!exhausted) await new Promise((resolve) => setImmediate(resolve));
  }
  const found = await answered;
  function* pending(): Generator<ListingDraft> {
    yield* checked;
    for (let next = iterator.next(); !next.done; next = iterator.next()) yield next.value;
  }
  return { found, pending: pending() };
}

const inUse = (externalId: string) => refuse('conflict', `externalId ${externalId} is already used by a listing of this agency`);

/**
 * Creates or updates listings by externalId, set-based: lock, one lookup for the whole batch,
 * then per draft decide, moderate and write its row and events (in a few chunked statements),
 * all in one transaction; record after commit. Content equal to what is stored changes
 * nothing. Drafts must have distinct externalIds. One outcome per draft, in order.
 */
export async function writeListings(
  db: Database,
  scope: AgencyEnv,
  input: readonly ListingDraft[] | DraftsToCheck,
  now: Date,
  options: WriteOptions = {},
): Promise<Array<Outcome<WrittenListing>>> {
  const {
    externalIds: ids,
    drafts,
    duplicateProbes,
  } = 'drafts' in input ? input : { externalIds: input.map((d) => d.externalId), drafts: () => input, duplicateProbes: undefined };
  if (ids.length === 0) {
    for (const draft of drafts()) throw new Error(`writeListings: draft ${draft.externalId} was not announced`);
    return []; // nothing has an externalId to write under; reading the drafts still reports why
  }
  // Foreground work: this process's webhook deliveries wait for it (src/platform/jobs/foreground.ts).
  const { outcomes, changed, inserted } = await inForeground(() =>
    db.transaction(async (tx) => {
      const locked = await lockScope(tx, scope, ids.length);
      const probes = scope.env === 'live' ? (duplicateProbes ?? []) : [];
      const lookup = Promise.all([
        tx.query<Existing>(FIND_EXISTING, [scope.agencyId, scope.env, ids]),
        findDuplicateCandidates(tx, scope, probes),
      ]);
      const { found, pending } = await checkWhileLookingUp(lookup, drafts());
      const [existing, stored] = found;
      // The reservation and the lookup cover only the announced ids: a draft outside them is a bug.
      const announced = new Set(ids);
      function* checkedDrafts() {
        for (const draft of pending) {
          if (!announced.has(draft.externalId)) throw new Error(`writeListings: draft ${draft.externalId} was not announced`);
          yield draft;
        }
      }
      const duplicates: StoredDuplicates = { found: stored, lookedUp: new Set(probes.map((probe) => probe.externalId)) };
      return applyDrafts(
        tx,
        scope,
        locked,
        new Map(existing.rows.map((row) => [row.external_id, row])),
        checkedDrafts(),
        now,
        options,
        duplicates,
      );
    }),
  );
  recordWrites(db, changed, inserted);
  return outcomes;
}

/** What a write knows of likely duplicates among stored listings: those found, and which drafts were looked up. */
export interface StoredDuplicates {
  found: ReadonlyMap<string, DuplicateCandidate>;
  lookedUp: ReadonlySet<string>;
}

/**
 * Decides, moderates and writes drafts, as they come, against the stored rows `existing`
 * (found under the agency lock `locked`): rows are sent in chunks while later drafts are
 * still being checked. Exported for single-listing writes that find their row another way.
 */
export async function applyDrafts(
  tx: Queryable,
  scope: AgencyEnv,
  locked: LockedScope,
  existing: ReadonlyMap<string, Existing>,
  drafts: Iterable<ListingDraft>,
  now: Date,
  options: WriteOptions,
  stored: StoredDuplicates = { found: new Map(), lookedUp: new Set() },
): Promise<{ outcomes: Array<Outcome<WrittenListing>>; changed: number; inserted: number }> {
  const outcomes: Array<Outcome<WrittenListing>> = [];
  const write: ModerationContext = { tx, scope, now, options, stored, written: new Map() };
  const sender = new RowSender(tx, [scope.agencyId, scope.env, now.toISOString()]);
  let seq = locked.lastSeq;
  let inserted = 0;
  // A failure stops the sender before the transaction rolls back (see abandon).
  try {
    for (const draft of drafts) {
      const before = existing.get(draft.externalId);
      const live = before && !before.deleted ? before : undefined;
      if (options.createOnly && live) {
        outcomes.push(inUse(draft.externalId));
        continue;
      }
      const decision = decide(
        draft,
        before && { contentHash: before.content_hash, status: before.status, version: before.version, deleted: before.deleted },
      );
      if (!decision.change) {
        outcomes.push({ ok: true, value: unchangedListing(draft.externalId, live!, decision.warnings, complianceWarnings(draft.content)) });
        continue;
      }
      // A new status alone: content as stored, nothing to moderate.
      const statusOnly =
        live !== undefined &&
        decision.status !== live.status &&
        contentHash(draft.content, live.status, decision.json) === live.content_hash;
      const masked = publicText(draft.content);
      const serviceId = before?.id ?? newId('lst');
      seq += 1;
      const review = statusOnly ? null : await moderate(write, draft, decision, live, masked, serviceId);
      const version: NewVersion = {
        serviceId,
        seq,
        review,
        moderationState: review?.state ?? live!.moderation_state,
        reasons: review?.reasons ?? live!.moderation_reasons,
        // A status change alone keeps the public version where it was: on this listing when its
        // latest version was the public one.
        publish: review ? review.state === 'approved' : live!.published_version === live!.version,
      };
      if (!before) inserted += 1;
      const events = changeEvents(listingChange(scope, draft, decision, statusOnly, live, version), seq).map(eventRecord);
      await sender.add(before ? 'existing' : 'new', listingRow(draft, decision, masked, version, locked), events);
      outcomes.push({ ok: true, value: changedListing(draft, decision, masked, version, before, now) });
    }
    await sender.finish();
  } catch (error) {
    sender.abandon();
    throw error;
  }
  return { outcomes, changed: seq - locked.lastSeq, inserted };
}

/** What moderating the drafts of one write shares. */
interface ModerationContext {
  tx: Queryable;
  scope: AgencyEnv;
  now: Date;
  options: WriteOptions;
  stored: StoredDuplicates;
  /** Listings of this write, by duplicate group: candidates for the ones after them. */
  written: Map<string, DuplicateCandidate[]>;
}

/** Reviews a changed draft's content, with its likely duplicate among the listings stored or written before it. */
async function moderate(
  write: ModerationContext,
  draft: ListingDraft,
  change: Change,
  live: Existing | undefined,
  masked: PublicText,
  serviceId: string,
): Promise<Review> {
  const { scope, stored } = write;
  const hash = reviewHash(draft.content, change.json);
  const key = duplicateGroupKey(draft.content);
  const earlier = write.written.get(key) ?? [];
  const priceChangeOnly = live?.moderation_state === 'approved' && live.review_hash === hash;
  let duplicate: DuplicateCandidate | null = null;
  if (scope.env === 'live' && !priceChangeOnly) {
    duplicate = findLikelyDuplicate(draft.content, earlier) ?? stored.found.get(draft.externalId) ?? null;
    if (!duplicate && !stored.lookedUp.has(draft.externalId)) {
      // Not looked up with the others (a single write, or the listing it was expected to
      // duplicate in this write was not written): looked up on its own.
      duplicate = (await findDuplicateCandidates(write.tx, scope, [draft])).get(draft.externalId) ?? null;
    }
  }
  const review = reviewVersion({
    content: draft.content,
    env: scope.env,
    reviewHash: hash,
    previous: live && { state: live.moderation_state, reviewHash: live.review_hash },
    maskedContactDetails: masked.contactDetails,
    duplicateCandidates: duplicate ? [duplicate] : [],
    decidedAt: write.now,
    onRuleError: write.options.onRuleError,
  });
  if (isOnSale(change.status)) {
    earlier.push({ serviceId, content: draft.content });
    write.written.set(key, earlier);
  }
  return review;
}
