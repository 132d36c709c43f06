import type { TestApp } from './app.js';

/** Browsers as they present themselves, and crawlers that must never be counted (all judged so by `isbot` too). */
export const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
export const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
export const CRAWLER_UAS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
  'curl/8.5.0',
  'python-requests/2.32.3',
];

export interface Counted {
  searchAppearances: number;
  detailViews: number;
  leads: number;
}

/**
 * What the database holds for a listing, per device, summed over its days, after the app's
 * counts are written (as the periodic flush would).
 */
export async function countedFor(t: TestApp, serviceId: string): Promise<{ desktop: Counted; mobile: Counted }> {
  await t.services.audience.flush();
  const { rows } = await t.db.query<{ device: 'desktop' | 'mobile'; s: number; v: number; l: number }>(
    `SELECT device, sum(search_appearances)::float8 AS s, sum(detail_views)::float8 AS v, sum(leads)::float8 AS l
     FROM listing_audience WHERE listing_id = $1 GROUP BY device`,
    [serviceId],
  );
  const none = (): Counted => ({ searchAppearances: 0, detailViews: 0, leads: 0 });
  const out = { desktop: none(), mobile: none() };
  for (const row of rows) out[row.device] = { searchAppearances: row.s, detailViews: row.v, leads: row.l };
  return out;
}
