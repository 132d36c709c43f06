/**
 * Whether this process still wants new traffic, as `/readyz` tells load balancers.
 *
 * A stopping server first answers `/readyz` with 503 while it goes on serving everything else,
 * so that a balancer checking it takes it out of rotation; only then does it stop accepting
 * connections (`src/main/server.ts`). Waiting is only worth it when a balancer is watching:
 * a process whose `/readyz` nobody asked lately (a developer's terminal, a test) stops at once.
 */
export class Readiness {
  /** A balancer checks every few seconds; one silent for this long is not watching this process. */
  static readonly WATCHED_WITHIN_MS = 60_000;
  private stoppingNow = false;
  private lastProbeAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Noted by each `/readyz` request. */
  probed() {
    this.lastProbeAt = this.clock();
  }

  /** From now on `/readyz` answers 503: the process is on its way out. */
  stop() {
    this.stoppingNow = true;
  }

  get stopping() {
    return this.stoppingNow;
  }

  /** Whether something asked `/readyz` recently, so that a 503 there will be noticed. */
  watched() {
    return this.clock() - this.lastProbeAt <= Readiness.WATCHED_WITHIN_MS;
  }
}
