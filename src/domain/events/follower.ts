import type { Database, Queryable } from '../../platform/db/database.js';
import type { AgencyCursors, OutboxCursors } from './cursors.js';

/**
 * The one follower of the event outbox (docs/decisions.md §9). A consumer (the keyword index, the
 * relay index, the alert matcher, the webhook fan-out) declares its cursors (cursors.ts), its
 * window and a set-based handler; a round is one statement:
 *
 *   scopes   the scopes behind their clock, at most `scopes` of them
 *   fresh    each one's next events after its cursor, at most `eventsPerScope`, up to its top
 *   …        the consumer's CTEs, reading `fresh` (and `scopes`)
 *   advanced each cursor to the last event read when the window was full (more may follow),
 *            else to the top: every event up to the top has committed (change-clock.ts)
 *
 * so a consumer's work and its cursors commit together, or not at all (a crash, a lost
 * connection): nothing is skipped and nothing is applied twice. One process at a time follows:
 * a round first locks the consumer's one-row table SKIP LOCKED (another process's round leaves at
 * once), and only then reads, so it sees every cursor the previous round committed. Where each
 * scope's cursor is a row of its own (webhook endpoints), the statement locks those rows instead
 * (cursors.ts).
 */

/** The columns of `fresh`, beside scope_id, agency_id and position, a consumer may read. */
export type EventColumn = 'id' | 'listing_id' | 'type' | 'data' | 'at';

export interface OutboxWindow {
  /** Events read per scope in a round. */
  eventsPerScope: number;
  /** Scopes read in a round. */
  scopes: number;
}

export interface OutboxConsumer<Cursors extends OutboxCursors = OutboxCursors> {
  cursors: Cursors;
  window: OutboxWindow;
  /** What `fresh` holds of each event (data is large: only the consumers that send it read it). */
  columns: readonly EventColumn[];
  /** Its CTEs, after `scopes` and `fresh`; `$1`… are the round's `params`. */
  handler: string;
  /** The select list of what a round returns, beside `scopes`. */
  summary: string;
}

/** A round's parameters, and a window other than the consumer's (a test, a benchmark). */
export interface RoundInput {
  params?: readonly unknown[];
  window?: Partial<OutboxWindow>;
}

/** What a round returns: the consumer's summary, and how many scopes it moved forward. */
export type RoundResult<Summary> = Summary & { scopes: number };

/** The FROM and WHERE of the events of the scope row `sc` after its cursor, up to its top. */
export const unreadEvents = (sc: string) =>
  `FROM events WHERE agency_id = ${sc}.agency_id AND env = ${sc}.env AND position > ${sc}.event_cursor AND position <= ${sc}.top`;

/** The advance rule, as rows (scope_id, event_cursor) for the cursors to store; `window` is its parameter. */
const nextCursors = (window: string) =>
  `SELECT sc.scope_id, CASE WHEN m.n >= ${window} THEN m.last ELSE sc.top END AS event_cursor
   FROM scopes sc LEFT JOIN (SELECT scope_id, max(position) AS last, count(*) AS n FROM fresh GROUP BY scope_id) m
     ON m.scope_id = sc.scope_id`;

function roundStatement(consumer: OutboxConsumer, paramCount: number): string {
  const events = `$${paramCount + 1}`;
  const columns = consumer.columns.join(', ');
  const eventColumns = consumer.columns.map((column) => `ev.${column}`).join(', ');
  return `WITH scopes AS (${consumer.cursors.scopes(`$${paramCount + 2}`)}
   ), fresh AS (
     SELECT sc.scope_id, sc.agency_id, ev.position, ${eventColumns}
     FROM scopes sc CROSS JOIN LATERAL (SELECT position, ${columns} ${unreadEvents('sc')} ORDER BY position LIMIT ${events}) ev
   ), ${consumer.handler}, advanced AS (
     ${consumer.cursors.store(nextCursors(events))}
     RETURNING 1
   )
   SELECT ${consumer.summary}, (SELECT count(*) FROM advanced)::int AS scopes`;
}

async function readWindow<Summary>(db: Queryable, consumer: OutboxConsumer, input: RoundInput): Promise<RoundResult<Summary>> {
  const params = input.params ?? [];
  const { rows } = await db.query<RoundResult<Summary>>(roundStatement(consumer, params.length), [
    ...params,
    input.window?.eventsPerScope ?? consumer.window.eventsPerScope,
    input.window?.scopes ?? consumer.window.scopes,
  ]);
  return rows[0]!;
}

/** What a consumer may do in a round under its lock, besides following (the keyword index's fill and restore). */
export interface LockedRound<Summary> {
  tx: Queryable;
  /** The consumer's locked one-row table, as read. */
  state: Record<string, unknown>;
  /** Reads the window, runs the handler and moves the cursors on. */
  follow(): Promise<RoundResult<Summary>>;
  /** Every cursor to its agency's top: the consumer has just rebuilt everything from the present. */
  moveCursorsToTop(): Promise<void>;
}

/**
 * One round of a consumer whose cursors share a lock, with `work` under the lock: null when
 * another process holds it (this one leaves at once, as that one follows).
 */
export async function lockedRound<Summary, T>(
  db: Database,
  consumer: OutboxConsumer<AgencyCursors>,
  input: RoundInput,
  work: (round: LockedRound<Summary>) => Promise<T>,
): Promise<T | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(`SELECT * FROM ${consumer.cursors.lockTable} WHERE id = 1 FOR UPDATE SKIP LOCKED`);
    if (rows.length === 0) return null;
    return work({
      tx,
      state: rows[0]!,
      follow: () => readWindow<Summary>(tx, consumer, input),
      moveCursorsToTop: async () => {
        await tx.query(consumer.cursors.toTopSql);
      },
    });
  });
}

/**
 * One round of a consumer: its summary, or null when another process is following. Cursors with
 * a row per scope need no lock of their own, so their round is one statement, outside any
 * transaction.
 */
export async function followOutbox<Summary>(
  db: Database,
  consumer: OutboxConsumer,
  input: RoundInput = {},
): Promise<RoundResult<Summary> | null> {
  const { cursors } = consumer;
  if (cursors.lockTable === null) return readWindow<Summary>(db, consumer, input);
  return lockedRound(db, { ...consumer, cursors: cursors as AgencyCursors }, input, (round: LockedRound<Summary>) => round.follow());
}

/**
 * Takes a consumer's lock for the rest of the caller's transaction, waiting for a round in
 * progress: for work that must commit in order with the rounds (the relay's requeue of an agency).
 */
export async function holdFollowerLock(tx: Queryable, consumer: OutboxConsumer<AgencyCursors>): Promise<void> {
  await tx.query(`SELECT id FROM ${consumer.cursors.lockTable} WHERE id = 1 FOR UPDATE`);
}
