import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Database, Queryable } from '../../src/platform/db/database.js';
import { newId } from '../../src/platform/db/ids.js';
import { isolatedTestDatabase } from './database.js';

/** A mail as the SMTP server received it: the envelope, the raw message and mailparser's reading. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpReceiver {
  /** `smtp://user:password@127.0.0.1:port`: the SMTP_URL to give the service. */
  url: string;
  received: ReceivedMail[];
  /** Addresses the server refuses for good (550 to RCPT TO). */
  refusedRecipients: Set<string>;
  /** Addresses answered 451 to RCPT TO (a temporary failure) as many times as their count says. */
  deferredRecipients: Map<string, number>;
  /** While down, every connection is refused with 421 (a temporary failure, as a server being restarted says). */
  setDown(down: boolean): void;
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export const SMTP_USER = 'relay-user';
export const SMTP_PASSWORD = 'p@ss word';

/**
 * A real SMTP server on 127.0.0.1 and a free port, for tests: it asks for the URL's credentials
 * and keeps every mail. STARTTLS is not offered (its certificate would be self-signed).
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  let down = false;
  const refusedRecipients = new Set<string>();
  const deferredRecipients = new Map<string, number>();
  const waiters = new Set<() => void>();
  const options: SMTPServerOptions = {
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onConnect(_session, callback) {
      if (!down) return callback();
      const error = Object.assign(new Error('service temporarily unavailable'), { responseCode: 421 });
      callback(error);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      callback(new Error('bad credentials'));
    },
    onRcptTo(address, _session, callback) {
      const deferrals = deferredRecipients.get(address.address) ?? 0;
      if (deferrals > 0) {
        deferredRecipients.set(address.address, deferrals - 1);
        return callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
      }
      if (!refusedRecipients.has(address.address)) return callback();
      callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address;
            received.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, raw, parsed });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${port}`,
    received,
    refusedRecipients,
    deferredRecipients,
    setDown: (value) => void (down = value),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} mails, received ${received.length} after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A pro user of the agency, as sign-up or an invitation would make one (the password is never used). */
export async function addProUser(db: Queryable, agencyId: string, email: string, role: 'admin' | 'agent' = 'agent'): Promise<void> {
  await db.query(`INSERT INTO users (id, agency_id, email, password_hash, role, created_at) VALUES ($1, $2, $3, 'unused', $4, $5)`, [
    newId('usr'),
    agencyId,
    email,
    role,
    new Date(Date.now() + Math.floor(Math.random() * 1000)),
  ]);
}

/** The mails table's rows, oldest first. */
export async function mailRows(db: Queryable, toAddress?: string) {
  const { rows } = await db.query<{
    id: string;
    message_id: string;
    to_address: string;
    subject: string;
    state: string;
    last_error: string | null;
  }>(
    `SELECT id, message_id, to_address, subject, state, last_error FROM mails ${toAddress ? 'WHERE to_address = $1' : ''} ORDER BY id`,
    toAddress ? [toAddress] : [],
  );
  return rows;
}

/** Polls until every mail row is in one of `states` (the sender marks a mail just after the server took it). */
export async function mailsSettled(db: Queryable, states: readonly string[] = ['sent', 'kept', 'failed'], timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await mailRows(db);
    if (rows.every((r) => states.includes(r.state)) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A mail test's bench: a real SMTP server and a database of the file's own (the mail tables are
 * global: on the shared PostgreSQL another file's mails would interleave), made before the file's
 * tests and closed after them. Read its fields inside tests and hooks.
 */
export function useMailBench(): { readonly db: Database; readonly smtp: SmtpReceiver; readonly url: string | null } {
  const bench = {} as { db: Database; smtp: SmtpReceiver; url: string | null };
  let closeDatabase: (() => Promise<void>) | undefined;
  before(async () => {
    bench.smtp = await startSmtpReceiver();
    const isolated = await isolatedTestDatabase();
    bench.db = isolated.db;
    bench.url = isolated.url;
    closeDatabase = isolated.close;
  });
  after(async () => {
    await closeDatabase?.();
    await bench.smtp?.close();
  });
  return bench;
}
