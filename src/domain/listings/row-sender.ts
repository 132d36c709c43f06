import type { Queryable } from '../../platform/db/database.js';
import type { EncodedJson, JsonArrayBuilder } from '../../platform/db/jsonb.js';

import { insertEventsSql } from '../events/outbox.js';

/** The columns a bulk write sends per listing, as one JSON object each. */
const RECORD = `r(id text, external_id text, content jsonb, content_hash text, public_title text, public_description text, status text,
      share_with_service boolean, share_with_relay boolean, version integer, change_seq bigint,
      moderation_state text, moderation_reasons jsonb, decided boolean, review_hash text, publish boolean, location jsonb)`;

// The content as stored: the agency's (hashed) with the listing's place beside it (docs/geography.md).
const STORED_CONTENT = `r.content || jsonb_build_object('location', r.location)`;

// A row's moderation fields say what moderation made of this version: review_hash is null when
// the version was not reviewed (a status change alone), and then the stored decision stays;
// publish says this version is now the public one.
const insertRowsSql = (
  rowsParam: number,
) => `INSERT INTO listings (id, agency_id, env, external_id, content, content_hash, public_title, public_description, status,
                       share_with_service, share_with_relay, version, change_seq, created_at, updated_at,
                       moderation_state, moderation_reasons, decided_at, review_hash, published_version, first_published_at)
 SELECT r.id, $1, $2, r.external_id, ${STORED_CONTENT}, r.content_hash, r.public_title, r.public_description, r.status,
        r.share_with_service, r.share_with_relay, r.version, r.change_seq, $3, $3,
        r.moderation_state, r.moderation_reasons, CASE WHEN r.decided THEN $3::timestamptz END, r.review_hash,
        CASE WHEN r.publish THEN r.version END, CASE WHEN r.publish THEN $3::timestamptz END
 FROM jsonb_to_recordset($${rowsParam}::jsonb) AS ${RECORD}`;

// The public version moves to this one (published_version set), or stays where it was: when it
// was the version being replaced, its content and public text move aside into published_*,
// so a flagged edit never takes the approved version off the site (docs/decisions.md §11).
const KEEPS_PUBLIC = 'EXCLUDED.published_version IS NULL AND listings.deleted_at IS NULL';
const PUBLIC_MOVES_ASIDE = 'listings.published_version = listings.version';

// share_with_* are creation-only: an update never touches them (docs/decisions.md §6). A deleted listing
// pushed again comes back as new, its version continuing (docs/decisions.md §6).
/**
 * Listings that exist (or existed: deleted ones come back). Also the conventional one-statement
 * upsert a benchmark compares a push with. An UPDATE joined to the rows would be no faster,
 * and would depend on the planner choosing the primary key.
 */
const upsertSql = (rowsParam: number) => `${insertRowsSql(rowsParam)}
 ON CONFLICT (agency_id, env, external_id) DO UPDATE SET
   content = EXCLUDED.content, content_hash = EXCLUDED.content_hash, public_title = EXCLUDED.public_title,
   public_description = EXCLUDED.public_description, status = EXCLUDED.status, version = EXCLUDED.version,
   change_seq = EXCLUDED.change_seq, updated_at = EXCLUDED.updated_at,
   moderation_state = EXCLUDED.moderation_state,
   moderation_reasons = CASE WHEN EXCLUDED.review_hash IS NULL THEN listings.moderation_reasons ELSE EXCLUDED.moderation_reasons END,
   decided_at = CASE WHEN EXCLUDED.review_hash IS NULL THEN listings.decided_at ELSE EXCLUDED.decided_at END,
   review_hash = coalesce(EXCLUDED.review_hash, listings.review_hash),
   published_version = CASE WHEN ${KEEPS_PUBLIC} THEN listings.published_version ELSE EXCLUDED.published_version END,
   published_content = CASE WHEN NOT (${KEEPS_PUBLIC}) THEN NULL WHEN ${PUBLIC_MOVES_ASIDE} THEN listings.content ELSE listings.published_content END,
   published_title = CASE WHEN NOT (${KEEPS_PUBLIC}) THEN NULL WHEN ${PUBLIC_MOVES_ASIDE} THEN listings.public_title ELSE listings.published_title END,
   published_description = CASE WHEN NOT (${KEEPS_PUBLIC}) THEN NULL WHEN ${PUBLIC_MOVES_ASIDE} THEN listings.public_description ELSE listings.published_description END,
   first_published_at = coalesce(listings.first_published_at, EXCLUDED.first_published_at),
   created_at = CASE WHEN listings.deleted_at IS NULL THEN listings.created_at ELSE EXCLUDED.created_at END,
   deleted_at = NULL`;

/** The upsert with its rows as $4 ($1 agency, $2 env, $3 time), the statement a benchmark compares a push with. */
export const UPSERT = upsertSql(4);

/**
 * A statement writing listing rows ($5) and, in the same statement, their events ($4). The rows
 * go last: the driver copies the parameters one after another into one growing buffer, which
 * copies again what it holds each time it grows, so the largest one last is copied once.
 */
const withEvents = (write: string) => `WITH written AS (${write}) ${insertEventsSql(4)}`;
const WRITE = { new: withEvents(insertRowsSql(5)), existing: withEvents(upsertSql(5)) };

// The first statement leaves with this many rows, so the database starts soon after the lookup;
// later ones take what was produced while the previous one ran, up to the largest size, so a
// statement's rows never wait for a fixed chunk to fill. The producer yields to the event loop
// every few rows (see add).
const FIRST_CHUNK = 20;
const LARGEST_CHUNK = 200;
const YIELD_EVERY = 8;

type Kind = 'new' | 'existing';

/** Rows of one kind waiting to go as one statement, already encoded as its parameters. */
interface Batch {
  rows: JsonArrayBuilder;
  events: JsonArrayBuilder;
}

/**
 * Sends listing rows (JSON object texts) to the database while the caller is still producing
 * them, one statement in flight at a time: whenever the database is free, everything produced
 * meanwhile goes as the next statement. Neither side waits for the other to fill a chunk of a
 * fixed size, so the two cores work side by side. Rows are encoded as they are added, so a
 * statement leaves the moment the database is free. A failed statement surfaces at the next
 * `add` or at `finish`, and the caller's transaction rolls everything back.
 */
export class RowSender {
  // New listings go by plain INSERT: the writer holds the agency lock and has just looked the
  // externalIds up, so no conflict can occur, and skipping ON CONFLICT spares PostgreSQL a
  // speculative insertion per row (docs/benchmarks.md, "Figures behind the code"). Existing ones, deleted
  // ones included, take the upsert.
  private readonly waiting: Record<Kind, Batch[]> = { new: [], existing: [] };
  private inFlight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;
  private sinceYield = 0;
  private abandoned = false;

  constructor(
    private readonly tx: Queryable,
    private readonly params: readonly [agencyId: string, env: string, nowIso: string],
  ) {}

  /** A listing row (JSON text in parts) and its events' records (`eventRecord`), written in the same statement. */
  async add(kind: Kind, row: ReadonlyArray<string | EncodedJson>, events: readonly string[]): Promise<void> {
    if (this.failure) throw this.failure.error;
    const batches = this.waiting[kind];
    let batch = batches[batches.length - 1];
    if (!batch || batch.rows.count >= LARGEST_CHUNK) {
      // Sized for a few rows (a single-listing write has one); a bulk write's buffers double as they fill.
      batch = { rows: this.tx.jsonArrayBuilder(16 * 1024), events: this.tx.jsonArrayBuilder(4 * 1024) };
      batches.push(batch);
    }
    batch.rows.add(...row);
    for (const event of events) batch.events.add(event);
    if (!this.inFlight && batches[0]!.rows.count >= FIRST_CHUNK) this.dispatch(kind);
    // The caller's loop is synchronous between statements: a turn of the event loop now and
    // then lets the driver finish writing a large statement to the socket and hear that the
    // database is free, so the next statement leaves at once.
    if (++this.sinceYield >= YIELD_EVERY) {
      this.sinceYield = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Writes what is left and waits for every statement; throws the first failure. */
  async finish(): Promise<void> {
    for (;;) {
      if (this.inFlight) await this.inFlight;
      if (this.failure) throw this.failure.error;
      const kind = this.readyKind(1);
      if (!kind) return;
      this.dispatch(kind);
    }
  }

  /** The kind whose next batch has at least `least` rows, the fuller first. */
  private readyKind(least: number): Kind | null {
    const size = (kind: Kind) => this.waiting[kind][0]?.rows.count ?? 0;
    const [more, fewer]: [Kind, Kind] = size('new') >= size('existing') ? ['new', 'existing'] : ['existing', 'new'];
    if (size(more) >= least) return more;
    return size(fewer) >= least ? fewer : null;
  }

  /**
   * The caller gave up (it is throwing, and its transaction will roll back): nothing more is
   * sent, so no statement can leave after the rollback, outside the transaction.
   */
  abandon(): void {
    this.abandoned = true;
  }

  private dispatch(kind: Kind): void {
    const batch = this.waiting[kind].shift()!;
    this.inFlight = this.tx.query(WRITE[kind], [...this.params, batch.events.finish(), batch.rows.finish()]).then(
      () => {
        this.inFlight = null;
        // The database is free: what was produced meanwhile goes now, unless it is too little
        // to be worth a statement before the caller adds more (finish sends any rest).
        if (this.failure || this.abandoned) return;
        const next = this.readyKind(FIRST_CHUNK);
        if (next) this.dispatch(next);
      },
      (error: unknown) => {
        this.inFlight = null;
        this.failure ??= { error };
      },
    );
  }
}
