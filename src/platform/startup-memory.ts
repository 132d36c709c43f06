/**
 * Gives back what starting left behind. Starting is when a process allocates most of what it
 * will ever keep (module code, migrations, schemas, the demo agency), and V8 grows its young
 * generation to its largest for it (`--max-semi-space-size`), then keeps it while idle, a
 * large share of an idle server's memory. A last-resort collection shrinks it back and compacts
 * the rest; the young generation grows again under load. It runs once, before the server
 * accepts connections (its cost and gain: docs/benchmarks.md, "Figures behind the code"). Needs `--expose-gc` (in `npm start` and the
 * `listing-sync` command); without it, nothing happens. Returns whether it ran.
 *
 * Only the embedded default calls it. On PostgreSQL, a server started with a small young
 * generation rendered listing pages 6 % faster without audience counting and no faster with it
 * (the counting's tallies survive young collections and grow it back), which put the audience
 * ratio (docs/decisions.md §17) under its 95 %: servers on PostgreSQL keep V8's own sizing.
 */
export function releaseStartupGarbage(collect: NodeJS.GCFunction | undefined = globalThis.gc): boolean {
  if (typeof collect !== 'function') return false;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
