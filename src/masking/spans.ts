/** Interval helpers shared by the detectors and the masker. */
import type { Span } from './types.js';

/**
 * Overlap test against a fixed set of spans: merged once, then binary-searched,
 * so texts with thousands of details stay linearithmic.
 */
export function overlapChecker(spans: readonly Span[]): (start: number, end: number) => boolean {
  const sorted = spans.map((o) => [o.start, o.end] as const).sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [a, b] of sorted) {
    const last = ends.length - 1;
    if (last >= 0 && a <= (ends[last] ?? 0)) ends[last] = Math.max(ends[last] ?? 0, b);
    else {
      starts.push(a);
      ends.push(b);
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
