/**
 * Who is counted, and on which device (docs/decisions.md §17): the one owner of reading a
 * User-Agent for the audience statistics.
 *
 * TODO(isbot): the crawler list is the `isbot` package's (docs/decisions.md §17). Until it is a
 * dependency, CRAWLER below is a minimal stand-in covering the crawlers, previewers, monitors
 * and HTTP libraries seen most, and like `isbot` a bare product name with at most a version
 * (`autocannon`, `Mozilla/5.0`), which no browser sends; once `isbot` is installed, `isCrawler` becomes
 * `(userAgent) => isbot(userAgent)` (`import { isbot } from 'isbot'`) and CRAWLER goes.
 */
const CRAWLER =
  /(?<!cu)bot\b|(?<!cu)bot[/;_ -]|crawl|spider|slurp|scrap|archiver|headless|lighthouse|pagespeed|phantomjs|selenium|puppeteer|playwright|facebookexternalhit|facebookcatalog|embedly|preview|mediapartners|adsbot|feedfetcher|google-inspectiontool|google-read-aloud|apis-google|yandex|baidu|sogou|semrush|ahrefs|mj12|bytespider|ccbot|perplexity|whatsapp|monitor|pingdom|uptime|statuscake|check_http|nagios|zabbix|curl|wget|httpie|python|java\/|go-http-client|okhttp|axios|node-fetch|undici|libwww|lwp-|http[_-]?client|postman|insomnia|^[\w .\-():%]+(?:\/v?\d+(?:\.\d+)?(?:\.\d{1,10})*?)?(?:,|$)/i;

/** Whether a User-Agent is a crawler's (a search engine, a link previewer, a monitor, a script). */
export function isCrawler(userAgent: string): boolean {
  return CRAWLER.test(userAgent);
}

export const DEVICES = ['desktop', 'mobile'] as const;
export type Device = (typeof DEVICES)[number];

/**
 * Phones and tablets that say so in their User-Agent; everything else is a desktop. An iPad that
 * presents itself as a Mac (Safari's default since iPadOS 13) is counted as a desktop: nothing
 * in the request tells them apart.
 */
const MOBILE = /mobi|android|iphone|ipad|ipod|windows phone|blackberry|bb10|opera mini|iemobile|webos|kindle|silk\//i;

/** Classifying the same few browser versions again and again is a lookup, not a regular expression. */
const known = new Map<string, Device | null>();
const KNOWN_MAX = 2000;
const UA_MAX = 512;

/**
 * The device a visit is counted under, or null when it is not counted: a crawler, or no
 * User-Agent at all (every browser sends one). A very long header is judged by its start.
 */
export function audienceDevice(userAgent: string | undefined): Device | null {
  if (!userAgent) return null;
  const ua = userAgent.length > UA_MAX ? userAgent.slice(0, UA_MAX) : userAgent;
  const seen = known.get(ua);
  if (seen !== undefined) return seen;
  const device: Device | null = isCrawler(ua) ? null : MOBILE.test(ua) ? 'mobile' : 'desktop';
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(ua, device);
  return device;
}
