import type { Queryable } from '../../platform/db/database.js';
import { HOUR_MS, type JobDeps, type PeriodicJob } from '../../platform/jobs/periodic.js';

/** A conversation is kept 3 years after its last message: the CNIL's guidance for prospects' data. */
export const CONVERSATION_RETENTION_YEARS = 3;

/** Deletes conversations (messages and links with them) whose last message is older than that. */
export async function purgeOldConversations(db: Queryable, now: Date): Promise<number> {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - CONVERSATION_RETENTION_YEARS);
  const { rowCount } = await db.query('DELETE FROM leads WHERE last_message_at < $1', [limit]);
  return rowCount;
}

export const retentionJobs = ({ db, now }: JobDeps): PeriodicJob[] => [
  { name: 'leads.purge-old', everyMs: 24 * HOUR_MS, run: async () => void (await purgeOldConversations(db, now())) },
];
