import { fmt, startBenchServer, type BenchServer } from './lib.js';
import { batch, pushOnce } from './ingest.js';

/**
 * `BENCH_ROOT=<checkout> npm run bench -- push-side-by-side`: what a push of 500 costs the
 * server on another build (a checkout with its own `npm ci` and build) and on this one, both
 * serving at once from one PostgreSQL, their pushes alternated (and which goes first too), so a
 * neighbour's load or the machine's drift falls on both alike. CPU from /proc: the server's,
 * and its backends'. PUSH_KIND=changed pushes the same listings again with a new variant.
 * BENCH_SERVER_ARGS (e.g. `--cpu-prof --cpu-prof-dir=DIR`, `--trace-gc` with BENCH_SERVER_STDOUT)
 * applies to both servers (a profile of each, named by its process id, is written in DIR when they stop).
 */
export async function benchPushSideBySide(rounds = Number(process.env.PUSH_ROUNDS ?? 40)): Promise<void> {
  const other = process.env.BENCH_ROOT;
  if (!other) {
    console.log('  skipped: set BENCH_ROOT to the checkout of the build to compare with');
    return;
  }
  const kind = process.env.PUSH_KIND === 'changed' ? 'changed' : 'created';
  const sides: Array<{ name: string; server: BenchServer }> = [
    { name: `that build (${other})`, server: await startBenchServer({}, [], other) },
    { name: 'this build', server: await startBenchServer({}, [], process.cwd()) },
  ];
  try {
    for (const { server } of sides) for (let w = 0; w < 3; w++) await pushOnce(server, batch(`W${w}`, 0));
    const samples = sides.map(() => ({ server: [] as number[], database: [] as number[], wall: [] as number[] }));
    for (let round = 0; round < rounds; round++) {
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
        const { server } = sides[i]!;
        const [cpu, database] = [server.cpuMs(), await server.databaseCpuMs()];
        const items = kind === 'changed' ? batch(`W${round % 3}`, round + 1) : batch(`C${round}`, 0);
        const { ms } = await pushOnce(server, items);
        samples[i]!.server.push(server.cpuMs() - cpu);
        samples[i]!.database.push((await server.databaseCpuMs()) - database);
        samples[i]!.wall.push(ms);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const mean = (list: number[]) => list.reduce((sum, x) => sum + x, 0) / list.length;
    sides.forEach(({ name }, i) => {
      const s = samples[i]!;
      console.log(
        `  ${name}: ${rounds} ${kind} pushes of 500, server CPU mean ${fmt(mean(s.server), 1)} ms (median ${fmt(median(s.server), 1)}), ` +
          `PostgreSQL ${fmt(mean(s.database), 1)} ms, wall ${fmt(mean(s.wall), 1)} ms`,
      );
    });
    const [before, after] = samples.map((s) => mean(s.server));
    console.log(`  this build's server CPU a push against that build's: ${fmt((100 * after!) / before! - 100, 1)} %`);
  } finally {
    for (const { server } of sides) await server.stop();
  }
}
