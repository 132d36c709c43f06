import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import { refuse, type Outcome } from '../outcome.js';
import type { ListingDraft } from '../listing-model/model.js';
import { RowSender } from './row-sender.js';
import type { ListingScope } from './store.js';
import { decide, FIND_EXISTING, lockScope, publicText, recordWrites, type Existing, type WrittenListing } from './write-steps.js';

export { FIND_EXISTING, type WriteKind, type WrittenListing } from './write-steps.js';

/**
 * Drafts still to be checked: `externalIds` are the ids they may carry (a superset is fine),
 * looked up in the database before `drafts()` is read; the drafts are then checked one by one
 * as rows are written, so checking overlaps the database's work.
 */
export interface DraftsToCheck {
  externalIds: readonly string[];
  drafts(): Iterable<ListingDraft>;
}

/** Drafts are checked in slices of this many between looks at whether the lookup has answered. */
const CHECK_SLICE = 25;

/**
 * Reads drafts (checking them) while the database answers `lookup`, looking for its answer
 * between slices, so neither waits for the other. Returns the rows and every draft, in order.
 */
async function checkWhileLookingUp<Row>(lookup: Promise<{ rows: Row[] }>, drafts: Iterable<ListingDraft>) {
  let answer: { rows: Row[] } | null = null;
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
  const { rows } = await answered;
  function* pending(): Generator<ListingDraft> {
    yield* checked;
    for (let next = iterator.next(); !next.done; next = iterator.next()) yield next.value;
  }
  return { rows, pending: pending() };
}

const inUse = (externalId: string) => refuse('conflict', `externalId ${externalId} is already used by a listing of this agency`);

/**
 * Creates or updates listings by externalId, set-based: lock, one lookup for the whole batch,
 * then per draft decide and write its row (in a few chunked statements), all in one
 * transaction; record after commit. Content equal to what is stored changes nothing. Drafts
 * must have distinct externalIds. One outcome per draft, in order; `createOnly` refuses a
 * draft whose externalId is in use.
 */
export async function writeListings(
  db: Database,
  scope: ListingScope,
  input: readonly ListingDraft[] | DraftsToCheck,
  now: Date,
  options: { createOnly?: boolean } = {},
): Promise<Array<Outcome<WrittenListing>>> {
  const { externalIds: ids, drafts } = 'drafts' in input ? input : { externalIds: input.map((d) => d.externalId), drafts: () => input };
  if (ids.length === 0) {
    for (const draft of drafts()) throw new Error(`writeListings: draft ${draft.externalId} was not announced`);
    return []; // nothing has an externalId to write under; reading the drafts still reports why
  }
  let changed = 0;
  const outcomes = await db.transaction(async (tx) => {
    const locked = await lockScope(tx, scope, ids.length);
    const { rows, pending } = await checkWhileLookingUp(tx.query<Existing>(FIND_EXISTING, [scope.agencyId, scope.env, ids]), drafts());
    const existing = new Map(rows.map((row) => [row.external_id, row]));
    // The reservation and the lookup cover only the announced ids: a draft outside them is a bug.
    const announced = new Set(ids);
    let seq = locked.lastSeq;
    const outcomes: Array<Outcome<WrittenListing>> = [];
    const sender = new RowSender(tx, [scope.agencyId, scope.env, now.toISOString()], ids.length);
    for (const draft of pending) {
      if (!announced.has(draft.externalId)) throw new Error(`writeListings: draft ${draft.externalId} was not announced`);
      const before = existing.get(draft.externalId);
      if (options.createOnly && before && !before.deleted) {
        outcomes.push(inUse(draft.externalId));
        continue;
      }
      const decision = decide(draft, before && { contentHash: before.content_hash, status: before.status, version: before.version, deleted: before.deleted });
      if (!decision.change) {
        outcomes.push({
          ok: true,
          value: {
            externalId: draft.externalId,
            outcome: 'unchanged',
            serviceId: before!.id,
            version: before!.version,
            status: before!.status,
            moderationState: before!.moderation_state,
            createdAt: new Date(before!.created_ms),
            updatedAt: new Date(before!.updated_ms),
            warnings: decision.warnings,
          },
        });
        continue;
      }
      const masked = publicText(draft.content);
      const serviceId = before?.id ?? newId('lst');
      seq += 1;
      changed += 1;
      // Written out directly: the row is built once per listing of every push.
      const shareWithService = draft.shareWithService ?? locked.shareWithServiceDefault;
      const shareWithRelay = draft.shareWithRelay ?? locked.shareWithRelayDefault;
      const row =
        `{"id":${JSON.stringify(serviceId)},"external_id":${JSON.stringify(draft.externalId)},"content_hash":"${decision.hash}",` +
        `"public_title":${JSON.stringify(masked.title)},"public_description":${JSON.stringify(masked.description)},` +
        `"status":"${decision.status}","share_with_service":${shareWithService},"share_with_relay":${shareWithRelay},` +
        `"version":${decision.version},"change_seq":${seq},"content":${decision.json}}`;
      await sender.add(before ? 'existing' : 'new', row);
      const { created } = decision;
      outcomes.push({
        ok: true,
        value: {
          externalId: draft.externalId,
          outcome: created ? 'created' : 'updated',
          serviceId,
          version: decision.version,
          status: decision.status,
          moderationState: created ? 'pending' : before!.moderation_state,
          createdAt: created ? now : new Date(before!.created_ms),
          updatedAt: now,
          warnings: masked.warnings.length > 0 ? [...decision.warnings, ...masked.warnings] : decision.warnings,
        },
      });
    }
    await sender.finish();
    return outcomes;
  });
  recordWrites(db, changed);
  return outcomes;
}
