import { isbot } from 'isbot';

/**
 * Who is counted, and on which device (docs/decisions.md §17): the one owner of reading a
 * User-Agent for the audience statistics.
 *
 * Crawlers are the maintained `isbot` package's list (search engines, link previewers,
 * monitors, HTTP libraries and scripts), not a list of our own to keep up.
 */
export function isCrawler(userAgent: string): boolean {
  return isbot(userAgent);
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
