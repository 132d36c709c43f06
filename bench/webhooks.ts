import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { benchIngest } from './ingest.js';
import { fmt, startBenchServer, startFlags, type BenchServer } from './lib.js';
import { v1Body } from '../test/helpers/v1.js';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** A receiver that answers 200 at once and notes when each delivery arrived, against its event's time. */
class BenchReceiver {
  delivered = 0;
  readonly delays: number[] = [];
  private server: Server;
  constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.delivered++;
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; timestamp: string };
        if (body.type === 'listing.created') this.delays.push(Date.now() - Date.parse(body.timestamp));
        response.writeHead(200).end('ok');
      });
    });
    this.server.keepAliveTimeout = 60_000;
  }
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  close() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

async function subscribe(server: BenchServer, url: string) {
  const response = await fetch(`${server.url}/v1/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  if (response.status !== 201) throw new Error(`subscription failed: ${response.status} ${await response.text()}`);
}

/** `count` committed events of the server's demo agency, written in one transaction as a big push would. */
async function commitEvents(databaseUrl: string, agencyId: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ base: string }>(
      `INSERT INTO listing_sequences (agency_id, env, last_seq) VALUES ($1, 'live', $2)
       ON CONFLICT (agency_id, env) DO UPDATE SET last_seq = listing_sequences.last_seq + $2 RETURNING last_seq - $2 AS base`,
      [agencyId, count],
    );
    await client.query(
      `INSERT INTO events (agency_id, env, position, id, type, listing_id, data, at)
       SELECT $1::text, 'live', ($2::bigint + g) * 8, 'evt_bench' || $2::bigint || '_' || g, 'listing.updated', NULL,
              jsonb_build_object('agencyId', $1::text, 'env', 'live', 'serviceId', 'lst_bench' || g, 'version', 2), now()
       FROM generate_series(1, $3) AS g`,
      [agencyId, Number(rows[0]!.base), count],
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

async function until(what: string, done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what}: not done after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Issue 19: deliveries per second to a local receiver from one process and from two, the delay
 * from a committed change to its delivery's first attempt, and the push of 500 with one
 * subscribed endpoint against the bare upsert. PostgreSQL only (two processes share it).
 */
export async function benchWebhooks() {
  if (!process.env.DATABASE_URL) {
    console.log('  skipped: needs DATABASE_URL (two processes share one PostgreSQL server)');
    return;
  }
  const receiver = new BenchReceiver();
  const hook = await receiver.start();
  const env = { WEBHOOK_ALLOW_PRIVATE: '1' };
  try {
    const server = await startBenchServer(env);
    let worker: ReturnType<typeof spawn> | null = null;
    try {
      await subscribe(server, hook);
      const count = 20_000;
      for (const processes of [1, 2]) {
        if (processes === 2) {
          worker = spawn(process.execPath, [...startFlags(process.cwd()), 'dist/src/main/cli/main.js', 'worker'], {
            env: { ...process.env, ...env, DATABASE_URL: server.databaseUrl!, LOG_LEVEL: 'warn', DEMO: '0' },
            stdio: 'ignore',
          });
          await new Promise((resolve) => setTimeout(resolve, 3_000));
        }
        const before = receiver.delivered;
        const started = performance.now();
        await commitEvents(server.databaseUrl!, server.agencyId, count);
        await until('deliveries', () => receiver.delivered - before >= count, 300_000);
        const seconds = (performance.now() - started) / 1000;
        console.log(
          `  ${fmt(count)} events → deliveries from ${processes} process${processes > 1 ? 'es' : ''}: ${fmt(seconds, 1)} s, ${fmt(count / seconds)} deliveries/s` +
            (processes === 1 ? ' (target ≥ 500/s)' : ''),
        );
      }
      worker?.kill('SIGTERM');
      worker = null;

      // Changes one at a time, as an agency's software makes them during the day.
      receiver.delays.length = 0;
      for (let i = 0; i < 200; i++) {
        const response = await fetch(`${server.url}/v1/listings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(v1Body(`LAT-${i}`, { postcode: `69${String(100 + i).padStart(3, '0')}` })),
        });
        if (response.status !== 201) throw new Error(`write failed: ${response.status} ${await response.text()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await until('the last deliveries', () => receiver.delays.length >= 200, 30_000);
      const delays = [...receiver.delays].sort((a, b) => a - b);
      console.log(
        `  committed change → first delivery attempt, 200 single writes: p50 ${fmt(percentile(delays, 0.5))} ms, p95 ${fmt(percentile(delays, 0.95))} ms (target < 500 ms)`,
      );
    } finally {
      worker?.kill('SIGTERM');
      await server.stop();
    }

    console.log('  push of 500 with one subscribed endpoint (deliveries running in the same server):');
    await benchIngest({ nightly: 0, env, setup: (s) => subscribe(s, hook) });
    console.log(`  (${fmt(receiver.delivered)} deliveries received in all)`);
  } finally {
    await receiver.close();
  }
}
