import { lastPositionSql } from './change-clock.js';

/**
 * Where each follower of the outbox keeps its place (follower.ts): one cursor per scope, the
 * position of the last event of the scope it has read. A scope is an agency's live events (the
 * keyword index, the relay, the alert matcher), or an agency environment's events as one webhook
 * endpoint reads them. No consumer writes these cursors: the follower moves them.
 */
export interface OutboxCursors {
  /** The consumer's name, as the metrics label it (`consumer`). */
  readonly name: string;
  /**
   * The one-row table (id = 1) a round locks so that one process at a time follows; null where
   * each scope has a row of its own, locked SKIP LOCKED by the round's one statement instead.
   */
  readonly lockTable: string | null;
  /**
   * The scopes whose cursor is behind their agency's clock, as rows (scope_id, agency_id, env,
   * event_cursor, top): the first `limit` by scope id, locked SKIP LOCKED where a scope has a row
   * of its own; with `limit` null, all of them and none locked (the lag, for the metrics).
   */
  scopes(limit: string | null): string;
  /** The statement that stores `rows` (scope_id, event_cursor) as the new cursors. */
  store(rows: string): string;
}

/** The top of the agency clock's row `s`: every event up to it has committed (change-clock.ts). */
const TOP = lastPositionSql('s.last_seq');

/** Cursors per agency of the live outbox, in `table` (agency_id, event_cursor); no row is position 0. */
export interface AgencyCursors extends OutboxCursors {
  readonly lockTable: string;
  /** Every agency's cursor to its clock's top (a consumer that rebuilt everything from the present). */
  readonly toTopSql: string;
}

export function agencyCursors(name: string, table: string, lockTable: string): AgencyCursors {
  return {
    name,
    lockTable,
    scopes: (limit) =>
      `SELECT s.agency_id AS scope_id, s.agency_id, s.env, coalesce(c.event_cursor, 0) AS event_cursor, ${TOP} AS top
       FROM listing_sequences s LEFT JOIN ${table} c ON c.agency_id = s.agency_id
       WHERE s.env = 'live' AND coalesce(c.event_cursor, 0) < ${TOP}
       ${limit === null ? '' : `ORDER BY s.agency_id LIMIT ${limit}`}`,
    store: (rows) => `INSERT INTO ${table} (agency_id, event_cursor) ${rows}
       ON CONFLICT (agency_id) DO UPDATE SET event_cursor = excluded.event_cursor`,
    toTopSql: `INSERT INTO ${table} (agency_id, event_cursor)
       SELECT agency_id, ${lastPositionSql('last_seq')} FROM listing_sequences WHERE env = 'live'
       ON CONFLICT (agency_id) DO UPDATE SET event_cursor = excluded.event_cursor`,
  };
}

/**
 * Cursors per webhook endpoint (`webhook_endpoints.event_cursor`, set to the clock's top when an
 * endpoint is created or enabled again): enabled endpoints only, their scope rows with the
 * endpoint's `event_types`. Each endpoint's row is locked SKIP LOCKED, so processes fanning out
 * at once share the endpoints and never double one: a row locked just after another process's
 * round committed is read as that round left it, cursor included.
 */
export const endpointCursors = (name: string): OutboxCursors => ({
  name,
  lockTable: null,
  scopes: (limit) =>
    `SELECT e.id AS scope_id, e.agency_id, e.env, e.event_cursor, ${TOP} AS top, e.event_types
     FROM webhook_endpoints e JOIN listing_sequences s ON s.agency_id = e.agency_id AND s.env = e.env
     WHERE e.enabled AND e.event_cursor < ${TOP}
     ${limit === null ? '' : `ORDER BY e.id LIMIT ${limit} FOR UPDATE OF e SKIP LOCKED`}`,
  store: (rows) => `UPDATE webhook_endpoints e SET event_cursor = n.event_cursor FROM (${rows}) n WHERE e.id = n.scope_id`,
});

/** Every follower of the outbox, by the cursors it keeps (the metrics read each one's lag). */
export const OUTBOX_CURSORS = {
  keywordIndex: agencyCursors('keyword_index', 'search_cursors', 'search_state'),
  relay: agencyCursors('relay', 'relay_cursors', 'relay_state'),
  alerts: agencyCursors('alerts', 'alert_cursors', 'alert_state'),
  webhooks: endpointCursors('webhooks'),
} as const;
