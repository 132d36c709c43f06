import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { adminCall, cpuSeconds, type BenchServer } from './lib.js';
import { v1Body } from '../test/helpers/v1.js';

/** The traffic of the mail benchmark (bench/mail.ts), shared with the capacity benchmark: the SMTP sink, the listing, the contacts. */

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * An SMTP server in the benchmark's process that accepts every mail, without authentication,
 * and notes when each one's DATA ended (the acceptance), by its Message-ID.
 */
export class SmtpSink {
  /** When each Message-ID was first accepted. */
  readonly acceptedAt = new Map<string, number>();
  /** Messages accepted again with a Message-ID already seen (a mail sent twice), and messages without one. */
  duplicates = 0;
  withoutMessageId = 0;
  private waiters = new Set<() => void>();
  private server = new SMTPServer({
    logger: false,
    // The sink's own work is not the service's: no reverse DNS of each connection's address.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData: (stream, _session, callback) => {
      let head = '';
      let messageId: string | null = null;
      stream.on('data', (chunk: Buffer) => {
        // The Message-ID is in the header block, at the start of the message.
        if (messageId !== null || head.length > 64 * 1024) return;
        head += chunk.toString('latin1');
        messageId = /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? null;
      });
      stream.on('end', () => {
        if (messageId === null) this.withoutMessageId++;
        else if (this.acceptedAt.has(messageId)) this.duplicates++;
        else this.acceptedAt.set(messageId, Date.now());
        callback();
        for (const wake of this.waiters) wake();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `count` mails were accepted; rejects when none arrived for `quietMs`. */
  waitFor(count: number, quietMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      let seen = this.acceptedAt.size;
      let timer = setTimeout(() => fail(), quietMs);
      const fail = () => {
        this.waiters.delete(check);
        reject(new Error(`${this.acceptedAt.size} of ${count} mails accepted; none for ${quietMs / 1000} s`));
      };
      const check = () => {
        if (this.acceptedAt.size >= count) {
          clearTimeout(timer);
          this.waiters.delete(check);
          return resolve();
        }
        if (this.acceptedAt.size !== seen) {
          seen = this.acceptedAt.size;
          clearTimeout(timer);
          timer = setTimeout(() => fail(), quietMs);
        }
      };
      this.waiters.add(check);
      check();
    });
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Contact `i`'s client address: one of 127.0.0.0/8 (all loopback on Linux), bound as the
 * connection's source, so the server sees each contact come from its own address as it would
 * behind no proxy (trustProxy is off: request.ip is the peer's address) and the per-address
 * limit of 10 an hour never refuses the benchmark. `phase` keeps the two servers' apart.
 */
const clientAddress = (phase: number, i: number) => `127.${100 + phase}.${(i >> 8) & 255}.${i & 255}`;

/** One form post from its own address on a connection of its own; resolves with the status. */
function postContact(url: URL, path: string, body: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          accept: 'text/html',
          connection: 'close',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export interface Burst {
  seconds: number;
  /** The server's CPU seconds during the burst. */
  cpu: number;
  /** PostgreSQL's CPU seconds (all its processes) and this benchmark's (clients and SMTP sink) during the burst. */
  databaseCpu: number;
  ownCpu: number;
  statuses: Map<number, number>;
  latencies: number[];
  startedAt: number;
  endedAt: number;
}

/** `count` contacts on one listing, `connections` at a time, each with its own address and e-mail. */
export async function contactBurst(
  server: BenchServer,
  databaseCpu: () => number,
  serviceId: string,
  count: number,
  phase: number,
  connections = 32,
  /** Contacts per second, arriving steadily; none: as fast as the server answers. */
  rate?: number,
): Promise<Burst> {
  const url = new URL(server.url);
  const path = `/listings/${serviceId}/contact`;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const startedAt = Date.now();
  const started = performance.now();
  const cpuBefore = cpuSeconds(server.child.pid!);
  const databaseBefore = databaseCpu();
  const ownBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < count; i = next++) {
        const due = rate ? started + (i * 1000) / rate - performance.now() : 0;
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        const body = new URLSearchParams({
          name: `Visiteur ${i}`,
          email: `visiteur-${phase}-${i}@bench.example`,
          phone: '06 12 34 56 78',
          message: `Bonjour, ce bien est-il toujours disponible ? Je serais disponible pour une visite samedi matin. (contact ${i})`,
        }).toString();
        const at = performance.now();
        const status = await postContact(url, path, body, clientAddress(phase, i));
        latencies.push(performance.now() - at);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return {
    seconds: (performance.now() - started) / 1000,
    cpu: cpuSeconds(server.child.pid!) - cpuBefore,
    databaseCpu: databaseCpu() - databaseBefore,
    ownCpu: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(ownBefore)),
    statuses,
    latencies: latencies.sort((a, b) => a - b),
    startedAt,
    endedAt: Date.now(),
  };
}

/**
 * The demo agency with two pro users on `each` and one public listing: each contact writes 3
 * mails. The demo's own pro-space user asks for no lead mail, so that the count stays three.
 */
export async function setUp(server: BenchServer, db: pg.Client): Promise<string> {
  await db.query(`UPDATE users SET lead_mail = 'none' WHERE agency_id = $1`, [server.agencyId]);
  for (const n of [1, 2])
    await db.query(`INSERT INTO users (id, agency_id, email, password_hash, role) VALUES ($1, $2, $3, 'unused', 'agent')`, [
      `usr_bench${n}`,
      server.agencyId,
      `agent${n}@agence-bench.example`,
    ]);
  const response = await fetch(`${server.url}/v1/listings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.liveKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(v1Body('MAIL-1')),
  });
  const created = (await response.json()) as { serviceId: string };
  if (![200, 201].includes(response.status)) throw new Error(`listing not created: ${response.status} ${JSON.stringify(created)}`);
  const { rows } = await db.query<{ moderation_state: string }>('SELECT moderation_state FROM listings WHERE id = $1', [created.serviceId]);
  if (rows[0]?.moderation_state !== 'approved')
    await adminCall(server, 'POST', `/listings/${created.serviceId}/moderation`, { decision: 'approve' });
  const { rowCount } = await db.query('SELECT 1 FROM public_listings WHERE id = $1', [created.serviceId]);
  if (!rowCount) throw new Error('the listing is not public');
  return created.serviceId;
}
