import type { Queryable } from '../../platform/db/database.js';
import type { AlertFrequency, AlertView } from './alert-model.js';

/** Reads of alerts with their search, as pages show them. */

interface AlertRow {
  id: string | number;
  label: string;
  path: string;
  frequency: AlertFrequency;
  confirmed_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'a.id, s.label, s.path, a.frequency, a.confirmed_at, a.created_at';
const FROM = 'alerts a JOIN alert_searches s ON s.id = a.search_id';

const toView = (row: AlertRow): AlertView => ({
  alertId: Number(row.id),
  label: row.label,
  path: row.path,
  frequency: row.frequency,
  confirmed: row.confirmed_at !== null,
  createdAt: new Date(row.created_at),
});

/** One alert, or null once deleted. */
export async function findAlert(db: Queryable, alertId: number): Promise<AlertView | null> {
  const { rows } = await db.query<AlertRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [alertId]);
  return rows[0] ? toView(rows[0]) : null;
}

/** An address's alerts, oldest first. */
export async function alertsOf(db: Queryable, email: string): Promise<AlertView[]> {
  const { rows } = await db.query<AlertRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.email = $1 ORDER BY a.created_at, a.id`, [email]);
  return rows.map(toView);
}

/** Deletes one alert of the address (its waiting matches go with it); the alert deleted, or null when it was not there. */
export async function deleteAlertOf(db: Queryable, email: string, alertId: number): Promise<AlertView | null> {
  const { rows } = await db.query<AlertRow>(
    `WITH gone AS (DELETE FROM alerts WHERE id = $1 AND email = $2 RETURNING id, search_id, frequency, confirmed_at, created_at)
     SELECT gone.id, s.label, s.path, gone.frequency, gone.confirmed_at, gone.created_at FROM gone JOIN alert_searches s ON s.id = gone.search_id`,
    [alertId, email],
  );
  return rows[0] ? toView(rows[0]) : null;
}
