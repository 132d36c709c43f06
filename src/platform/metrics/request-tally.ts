import type { Metric, Registry } from 'prom-client';

/** One method and route template: its answers by status, and its durations as histogram buckets. */
interface RouteTally {
  readonly method: string;
  readonly route: string;
  /** Answers whose duration is at most each bound (not cumulative: the exposition adds them up). */
  readonly buckets: number[];
  sum: number;
  count: number;
  readonly statuses: Map<number, number>;
}

/**
 * The answered requests of this process, counted and timed in plain numbers and handed to the
 * registry as a counter (`requests`) and a histogram (`durations`) when it is scraped.
 *
 * Why not prom-client's own Counter and Histogram: their inc() and observe() check, sort and
 * hash the labels and allocate on every call, a measurable share of a small request's CPU
 * (docs/benchmarks.md, "Figures behind the code"). Here an answer costs two Map
 * lookups and a few additions, and nothing is allocated once a route has been seen. The
 * exposition is prom-client's, from the values given here, in its counter and histogram format.
 */
export class RequestTally {
  private readonly routes = new Map<string, Map<string, RouteTally>>();

  constructor(
    registry: Registry,
    private readonly names: { requests: string; durations: string },
    help: { requests: string; durations: string },
    private readonly bounds: readonly number[],
  ) {
    const metric = (name: string, type: 'counter' | 'histogram', text: string, values: () => unknown[]) =>
      ({
        name,
        help: text,
        type,
        aggregator: 'sum',
        get: async () => ({ name, help: text, type, aggregator: 'sum', values: values() }),
      }) as unknown as Metric;
    registry.registerMetric(metric(names.requests, 'counter', help.requests, () => this.requestValues()));
    registry.registerMetric(metric(names.durations, 'histogram', help.durations, () => this.durationValues()));
  }

  add(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.routes.get(route);
    if (!byMethod) this.routes.set(route, (byMethod = new Map()));
    let tally = byMethod.get(method);
    if (!tally) byMethod.set(method, (tally = { method, route, buckets: this.bounds.map(() => 0), sum: 0, count: 0, statuses: new Map() }));
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= this.bounds[i]!) {
        tally.buckets[i]! += 1;
        break;
      }
    }
    tally.sum += seconds;
    tally.count += 1;
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  }

  private *tallies(): Iterable<RouteTally> {
    for (const byMethod of this.routes.values()) yield* byMethod.values();
  }

  private requestValues() {
    return [...this.tallies()].flatMap(({ method, route, statuses }) =>
      [...statuses].map(([status, value]) => ({ labels: { method, route, status: String(status) }, value })),
    );
  }

  private durationValues() {
    const bucket = `${this.names.durations}_bucket`;
    return [...this.tallies()].flatMap(({ method, route, buckets, sum, count }) => {
      let below = 0;
      return [
        ...this.bounds.map((le, i) => ({ labels: { le, method, route }, value: (below += buckets[i]!), metricName: bucket })),
        { labels: { le: '+Inf', method, route }, value: count, metricName: bucket },
        { labels: { method, route }, value: sum, metricName: `${this.names.durations}_sum` },
        { labels: { method, route }, value: count, metricName: `${this.names.durations}_count` },
      ];
    });
  }
}
