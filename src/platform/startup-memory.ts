/**
 * Gives back what starting left behind. Starting is when a process allocates most of what it
 * will ever keep (module code, migrations, schemas, the demo agency), and V8 grows its young
 * generation to its largest for it (16 MB, twice: `--max-semi-space-size`), then keeps it while
 * idle: about 30 MB of an idle server's 215 MB. A last-resort collection shrinks it back to 1 MB
 * and compacts the rest; the young generation grows again under load. It takes ~80 ms, once,
 * before the server accepts connections. Needs `--expose-gc` (in `npm start` and the
 * `listing-sync` command); without it, nothing happens. Returns whether it ran.
 */
export function releaseStartupGarbage(collect: NodeJS.GCFunction | undefined = globalThis.gc): boolean {
  if (typeof collect !== 'function') return false;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
