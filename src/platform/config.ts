/**
 * Service configuration, read once from the environment and validated at start so a
 * typo fails loudly with the variable's name instead of surfacing as odd behaviour later.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_READ_URL: a streaming replica the public site, its sitemaps and the relay feed read from (§19); null: the primary. */
  databaseReadUrl: string | null;
  /** DATABASE_READ_MAX_LAG_MS: a replica further behind than this is left for the primary until it catches up. */
  databaseReadMaxLagMs: number;
  /** DATABASE_POOL_SIZE: connections a process may open to the primary for writes and every read but the public site's. */
  databasePoolSize: number;
  /**
   * DATABASE_READ_POOL_SIZE: connections a process may open for the public site's reads (the
   * replica's, and the primary's own for them), apart from the others (docs/operations.md).
   */
  databaseReadPoolSize: number;
  adminToken: string | null;
  baseUrl: string;
  ingestBaseUrl: string;
  siteUrl: string;
  tls: { cert: string; key: string } | null;
  /** Create and print a demo agency on the first start of an empty database. */
  demo: boolean;
  /** Days of request-log history kept; older lines are purged in the background. */
  requestLogRetentionDays: number;
  logLevel: string;
  /** One pino line per request (LOG_REQUESTS=1); off by default, the request log table has them. */
  logRequests: boolean;
  /** Quotas of docs/decisions.md §4; the switch and the key limits exist for load tests only. */
  quotas: { enabled: boolean; keyLimits: { live: number; test: number } };
  /** Run background jobs in this process (WORKER=0 leaves them to `listing-sync worker` processes). */
  worker: boolean;
  /** How long each process keeps a rendered public page (SITE_CACHE_MS, 0 turns it off). */
  siteCacheMs: number;
  /**
   * Audience statistics (docs/decisions.md §17): AUDIENCE=0 stops counting (a benchmark's
   * comparison); AUDIENCE_FLUSH_MS is how often each process writes its counts, the most a crash loses.
   */
  audience: { enabled: boolean; flushMs: number };
  /**
   * SHUTDOWN_DRAIN_MS: on SIGTERM, how long /readyz answers 503 while the server still serves,
   * before it stops accepting connections: more than the load balancer takes to notice.
   */
  shutdownDrainMs: number;
  webhooks: {
    /** Deliver webhooks from this process (WEBHOOK_DELIVERY, default: with WORKER). */
    delivery: boolean;
    /** WEBHOOK_ALLOW_PRIVATE=1: local and private addresses allowed, for development and tests only. */
    allowPrivate: boolean;
  };
  /** Bearer token of the partner relay feed (RELAY_TOKEN); without it the feed answers 404. */
  relayToken: string | null;
  /** Bearer token of GET /metrics (METRICS_TOKEN); without it nothing is measured and /metrics answers 404. */
  metricsToken: string | null;
  /** METRICS_PORT: where `listing-sync worker` serves its /metrics (a server serves it on PORT); null: the worker serves nothing. */
  metricsPort: number | null;
  /** SMTP_URL (smtp:// or smtps://, credentials in it): mail goes there; null keeps it in the embedded mailbox (§16). */
  smtpUrl: string | null;
  /** MAIL_FROM: the sender of every mail, `Name <address>` or a bare address. */
  mailFrom: string;
  /**
   * DEV_MAILBOX_OPEN=1: `/dev/mailbox` answers every client, not only this machine's. Its mails
   * hold visitors' details and private links that act as credentials, so it stays loopback-only
   * unless someone asks otherwise (docs/operations.md).
   */
  devMailboxOpen: boolean;
  /** SITE_CONTACTS_PER_HOUR: new messages a visitor may send an hour, per address and per e-mail (10; more for local trials). */
  siteContactsPerHour: number;
  /** SFTP_PORT: where `serve` runs the passerelle's SFTP drop (on HOST); null: no drop. */
  sftpPort: number | null;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

/** A bare address or `Name <address>`, on one line (the mail module builds the header from it). */
const MAIL_FROM = /^(?:[^<>\r\n]*<[^\s<>@"]+@[^\s<>@"]+>|[^\s<>@"]+@[^\s<>@"]+)$/;

function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL || '';
  if (raw === '') return null;
  let parsed: URL | null = null;
  try {
    parsed = new URL(raw);
  } catch {
    // reported below, without echoing a value that may hold a password
  }
  if (!parsed || !['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname)
    throw new ConfigError('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST || '127.0.0.1';
  const tlsCert = env.TLS_CERT || '';
  const tlsKey = env.TLS_KEY || '';
  if (Boolean(tlsCert) !== Boolean(tlsKey)) {
    throw new ConfigError('TLS_CERT and TLS_KEY must be given together (paths to PEM files)');
  }
  const scheme = tlsCert ? 'https' : 'http';
  // Links name "localhost" for loopback and wildcard binds, as docs/decisions.md §1 shows them.
  const shownHost = ['127.0.0.1', '0.0.0.0', '::', '::1'].includes(host) ? 'localhost' : host;
  const origin = `${scheme}://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  const baseUrl = url(env, 'BASE_URL', origin);
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const databaseReadUrl = env.DATABASE_READ_URL || null;
  if (databaseReadUrl && !/^postgres(ql)?:\/\//.test(databaseReadUrl)) {
    throw new ConfigError('DATABASE_READ_URL must start with postgres:// or postgresql://');
  }
  if (databaseReadUrl && !databaseUrl) throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: the replica is a copy of that server');
  const adminToken = env.ADMIN_TOKEN || null;
  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters long');
  }
  const metricsPort = env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 0, 65535) : null;
  if (metricsPort !== null && metricsToken === null) throw new ConfigError('METRICS_PORT needs METRICS_TOKEN: /metrics answers only to it');
  const relayToken = env.RELAY_TOKEN || null;
  if (relayToken !== null && relayToken.length < 16) {
    throw new ConfigError('RELAY_TOKEN must be at least 16 characters long');
  }
  const worker = flag(env, 'WORKER', true);
  if (adminToken !== null && adminToken.length < 16) {
    throw new ConfigError('ADMIN_TOKEN must be at least 16 characters long');
  }
  const siteUrl = url(env, 'SITE_URL', baseUrl);
  const mailFrom = env.MAIL_FROM || `Annonces <no-reply@${new URL(siteUrl).hostname}>`;
  if (!MAIL_FROM.test(mailFrom)) throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", got "${mailFrom}"`);
  return {
    port,
    host,
    dataDir: env.DATA_DIR || './data',
    databaseUrl,
    databaseReadUrl,
    databaseReadMaxLagMs: integer(env, 'DATABASE_READ_MAX_LAG_MS', 5000, 100, 3_600_000),
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databaseReadPoolSize: integer(env, 'DATABASE_READ_POOL_SIZE', 3, 1, 1000),
    adminToken,
    metricsToken,
    metricsPort,
    baseUrl,
    ingestBaseUrl: url(env, 'INGEST_BASE_URL', `${baseUrl}/ingest`),
    siteUrl,
    tls: tlsCert ? { cert: tlsCert, key: tlsKey } : null,
    demo: flag(env, 'DEMO', true),
    requestLogRetentionDays: integer(env, 'REQUEST_LOG_RETENTION_DAYS', 30, 1, 3650),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: flag(env, 'LOG_REQUESTS', false),
    worker,
    webhooks: { delivery: flag(env, 'WEBHOOK_DELIVERY', worker), allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false) },
    relayToken,
    smtpUrl: smtpUrl(env),
    mailFrom,
    devMailboxOpen: flag(env, 'DEV_MAILBOX_OPEN', false),
    sftpPort: env.SFTP_PORT ? integer(env, 'SFTP_PORT', 0, 0, 65535) : null,
    siteCacheMs: integer(env, 'SITE_CACHE_MS', 5000, 0, 600_000),
    siteContactsPerHour: integer(env, 'SITE_CONTACTS_PER_HOUR', 10, 1, 1_000_000),
    audience: { enabled: flag(env, 'AUDIENCE', true), flushMs: integer(env, 'AUDIENCE_FLUSH_MS', 5000, 100, 60_000) },
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 10_000, 0, 600_000),
    quotas: {
      enabled: flag(env, 'QUOTAS', true),
      keyLimits: {
        live: integer(env, 'KEY_QUOTA_LIVE', 10_000, 1, 2_000_000_000),
        test: integer(env, 'KEY_QUOTA_TEST', 1_000, 1, 2_000_000_000),
      },
    },
  };
}
