/** Interval helpers shared by the detectors and the masker. */
import type { Span } from './types.js';

const byStart = (a: Span, b: Span): number => a.start - b.start;
const never = (): boolean => false;

/**
 * Sorts `a` in place, stably, like a.sort(compare). Arrays here are nearly
 * always a handful of items, for which an insertion sort is much cheaper than
 * the native sort's set-up; long ones still get the native sort.
 */
export function sortSmall<T>(a: T[], compare: (x: T, y: T) => number): T[] {
  const n = a.length;
  if (n > 16) return a.sort(compare);
  for (let i = 1; i < n; i++) {
    const x = a[i] as T;
    let j = i - 1;
    // Only strictly greater items move, so equal items keep their order.
    for (; j >= 0 && compare(a[j] as T, x) > 0; j--) a[j + 1] = a[j] as T;
    a[j + 1] = x;
  }
  return a;
}

/**
 * Overlap test against a fixed set of spans: merged once, then binary-searched,
 * so texts with thousands of details stay linearithmic.
 */
export function overlapChecker(spans: readonly Span[]): (start: number, end: number) => boolean {
  // The common cases, no detail or a single one, need no index.
  if (spans.length === 0) return never;
  if (spans.length === 1) {
    const { start: a, end: b } = spans[0] as Span;
    return (start, end) => b > start && a < end;
  }
  // Merged intervals do not depend on how ties are ordered, so a plain sort by start will do.
  const sorted = sortSmall([...spans], byStart);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const o of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && o.start <= (ends[last] ?? 0)) ends[last] = Math.max(ends[last] ?? 0, o.end);
    else {
      starts.push(o.start);
      ends.push(o.end);
    }
  }
  return (start, end) => {
    // First merged interval ending after `start` (ends are increasing).
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((ends[mid] ?? 0) <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo < starts.length && (starts[lo] ?? Infinity) < end;
  };
}

/**
 * Pushes to `out` what remains of `span` once the protected ranges are taken
 * out (it may split in two). `kept` must be sorted by start; the first range
 * that can matter is found by binary search, so many spans against many
 * protected ranges stay cheap.
 */
export function subtract(span: Span, kept: readonly Span[], keptEndsMax: readonly number[], out: Span[]): void {
  // keptEndsMax[i] is the largest end among kept[0..i], which is sorted.
  let lo = 0;
  let hi = kept.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((keptEndsMax[mid] ?? 0) <= span.start) lo = mid + 1;
    else hi = mid;
  }
  let start = span.start;
  for (let i = lo; i < kept.length; i++) {
    const k = kept[i];
    if (k === undefined) break;
    if (k.start >= span.end) break;
    if (k.end <= start) continue;
    if (k.start > start) out.push({ start, end: k.start, kind: span.kind });
    start = Math.max(start, k.end);
    if (start >= span.end) return;
  }
  if (start < span.end) out.push({ start, end: span.end, kind: span.kind });
}
