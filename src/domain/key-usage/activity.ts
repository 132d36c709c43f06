import type { Queryable } from '../../platform/db/database.js';
import { keyCards, recentCalls, weekPanel, type CallLine, type KeyCard, type StatusFilter, type WeekPanel } from './key-usage.js';

export interface KeyActivity {
  cards: KeyCard[];
  panel: WeekPanel;
  calls: { lines: CallLine[]; next: string | null };
}

/**
 * The agency's keys with their use (docs/decisions.md §3, §4): each key's last 24 hours, the
 * week's figures (all keys or one), and its latest calls, filtered and paged.
 */
export async function keyActivity(
  db: Queryable,
  agencyId: string,
  at: Date,
  limits: { live: number; test: number },
  filter: { keyId?: string; status: StatusFilter; before?: string },
): Promise<KeyActivity> {
  const [cards, panel, calls] = await Promise.all([
    keyCards(db, agencyId, at, limits),
    weekPanel(db, agencyId, at, filter.keyId),
    recentCalls(db, agencyId, filter),
  ]);
  return { cards, panel, calls };
}
