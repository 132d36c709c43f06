import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { requestSerializers } from '../edge/http/log-redaction.js';
import pino from 'pino';
import { loadConfig, type Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { openDatabase } from '../platform/db/open.js';
import { migrate } from '../platform/db/migrate.js';
import { buildApp, closeServices, createServices, type Services } from './app.js';
import { findDemoAgency } from '../domain/onboarding/demo-agency.js';
import { seedDemoAccount, type DemoAccount } from '../domain/accounts/demo-account.js';
import { officialList } from '../domain/geography/index.js';
import { releaseStartupGarbage } from '../platform/startup-memory.js';
import { repeat } from '../platform/jobs/background.js';
import { startSftpDrop, type SftpDrop } from '../edge/sftp-drop/sftp-server.js';
import { dropDoor } from '../domain/poliris/drop-door.js';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  demo: DemoAccount | null;
  stop(): Promise<void>;
}

export interface ServerOptions {
  print?: (line: string) => void;
  /** Routes added to the application before it listens: how the benchmarks' own entry (bench/server.ts) adds theirs. */
  routes?: (app: FastifyInstance) => void;
}

export async function startServer(config: Config = loadConfig(), options: ServerOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(line + '\n'));
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'headers.authorization'],
    // Request lines (LOG_REQUESTS=1) show paths with their secret segment redacted.
    serializers: requestSerializers,
  });
  const db: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await migrate(db);
  const demo = config.demo ? await seedDemoAccount(db) : null;
  const earlierDemo = config.demo && !demo ? await findDemoAgency(db) : null;
  const services = await createServices(config, db, {
    onError: (error) => logger.error({ err: error }, 'background write failed'),
    log: logger,
  });
  const https = config.tls
    ? { cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key), minVersion: 'TLSv1.3' as const }
    : undefined;
  const app = await buildApp(services, { logger, https, logRequests: config.logRequests });
  options.routes?.(app);
  let drop: SftpDrop | null = null;
  try {
    await app.ready();
    // The official list of communes is read now, not by the first write or search that needs it.
    officialList();
    // The embedded default only, whose idle memory is a laptop's (src/platform/startup-memory.ts).
    if (!config.databaseUrl) releaseStartupGarbage();
    // Fastify logs "Server listening at …" at info; the banner below says it, so only that line is
    // held back: the level is raised for the bind alone, and warnings and errors still pass.
    const level = app.log.level;
    if (['trace', 'debug', 'info'].includes(level)) app.log.level = 'warn';
    try {
      await app.listen({ port: config.port, host: config.host });
    } finally {
      app.log.level = level;
    }
    drop = await startDropIfAsked(config, db, services, logger);
  } catch (error) {
    // Release the database (PGlite holds DATA_DIR) so the caller can report and exit cleanly.
    await app.close();
    await closeServices(services);
    await db.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The address the server really listens on: a wildcard bind is reached through loopback.
  const reachableHost = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `${config.tls ? 'https' : 'http'}://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`;

  printBanner(print, config, { url, port, reachableHost, drop, demo, earlierDemo });

  return { app, services, url, demo, stop: stopOnce(app, services, db, config, print, drop) };
}

/**
 * The server's stop, run once however often it is asked. Graceful drain: load balancers route
 * by /readyz, and a process that closed its port at once would fail the requests they still
 * send it until their next checks. So /readyz answers 503 first while everything is still
 * served, long enough for them to notice; only a process nobody probed lately (no balancer in
 * front) skips the wait.
 */
function stopOnce(
  app: FastifyInstance,
  services: Services,
  db: Database,
  config: Config,
  print: (line: string) => void,
  drop: SftpDrop | null,
) {
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= (async () => {
      services.readiness.stop();
      if (config.shutdownDrainMs > 0 && services.readiness.watched()) {
        print(`draining: /readyz answers 503 for ${config.shutdownDrainMs} ms (SHUTDOWN_DRAIN_MS) before the port closes`);
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      // The port closes; in-flight requests finish (new ones on open connections get 503), then buffered log lines are written.
      await app.close();
      // The SFTP drop stops taking logins and finishes the imports under way before the database closes.
      await drop?.close();
      await closeServices(services);
      await db.close();
    })());
}

export interface RunningWorker {
  services: Services;
  /** Where the worker serves GET /metrics (METRICS_PORT); null when it serves nothing. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

/** Runs background jobs only, without serving HTTP (`listing-sync worker`), whatever WORKER says. */
export async function startWorker(config: Config = loadConfig(), options: { print?: (line: string) => void } = {}): Promise<RunningWorker> {
  const print = options.print ?? ((line: string) => process.stdout.write(line + '\n'));
  const logger = pino({ level: config.logLevel });
  const db: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  await migrate(db);
  // A worker serves no page: it has no use for the replica. With METRICS_PORT it serves its
  // /metrics there, so that the jobs it runs are counted somewhere (a fleet's servers run none).
  const measured = config.metricsPort !== null;
  const services = await createServices(
    { ...config, worker: true, databaseReadUrl: null, metricsToken: measured ? config.metricsToken : null },
    db,
    { onError: (error) => logger.error({ err: error }, 'background job failed'), log: logger },
  );
  const metricsApp = measured ? await buildApp(services, { only: 'metrics' }) : null;
  let metricsUrl: string | null = null;
  if (metricsApp) {
    try {
      await metricsApp.listen({ port: config.metricsPort!, host: config.host });
    } catch (error) {
      // Nothing keeps running behind a worker that could not start: the caller tells why (listenFailure).
      await metricsApp.close();
      await closeServices(services);
      await db.close();
      throw error;
    }
    const { port } = metricsApp.server.address() as AddressInfo;
    metricsUrl = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/metrics`;
  }
  print(
    `listing-sync worker running background jobs on ${config.databaseUrl ? 'the PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${resolve(config.dataDir)}`}` +
      (metricsUrl ? `; metrics at ${metricsUrl} (Bearer METRICS_TOKEN)` : ''),
  );
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await metricsApp?.close();
      await closeServices(services);
      await db.close();
    })());
  return { services, metricsUrl, stop };
}

/** The passerelle's SFTP drop (src/edge/sftp-drop), on SFTP_PORT when it is set. */
function startDropIfAsked(config: Config, db: Database, services: Services, logger: pino.Logger): Promise<SftpDrop | null> {
  if (config.sftpPort === null) return Promise.resolve(null);
  const onError = (error: unknown) => logger.error({ err: error }, 'SFTP drop failed');
  return startSftpDrop({ door: dropDoor(db, services.now), port: config.sftpPort, host: config.host, onError });
}

const lostKeysHint = (config: Config) =>
  config.adminToken ? 'Lost them? Issue new ones:' : 'Lost them? Start with ADMIN_TOKEN set, then:';
const newKeyCommand = (agencyId: string) => `bin/listing-sync key create --agency ${agencyId} --env live`;

/** BASE_URL as loadConfig derives it when the variable is not set, to tell whether it was. */
function defaultBaseUrl(config: Config) {
  return loadConfig({
    PORT: String(config.port),
    HOST: config.host,
    ...(config.tls ? { TLS_CERT: config.tls.cert, TLS_KEY: config.tls.key } : {}),
  }).baseUrl;
}

/**
 * An EADDRINUSE or EACCES from listen, told in one line that names the variable to change:
 * PORT for a server, METRICS_PORT for a worker's /metrics.
 */
export function listenFailure(
  error: unknown,
  config: Pick<Config, 'host' | 'port'>,
  variable: 'PORT' | 'METRICS_PORT' = 'PORT',
): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    const example =
      variable === 'PORT' ? `PORT=${config.port === 8080 ? 8081 : 8080} npm start` : `METRICS_PORT=${config.port + 1} listing-sync worker`;
    return `Port ${config.port} on ${config.host} is already in use: stop the program using it, or set ${variable} to a free port (for example ${example}).`;
  }
  if (code === 'EACCES') return `Not allowed to listen on port ${config.port} on ${config.host}: set ${variable} to a port above 1023.`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST=${config.host} is not an address of this machine: set HOST to one of its addresses, or 127.0.0.1.`;
  return null;
}

/**
 * SIGTERM and SIGINT stop the server cleanly. Started by npm (`npm start`, `npx`), it also
 * stops when its launcher goes: npm 11 exits on SIGTERM without passing the signal on, and
 * the server would otherwise keep the port and the database. A process whose parent dies is
 * adopted by another one, so a changed parent pid is the sign.
 */
export function stopOnSignals(
  server: Pick<RunningServer, 'stop'>,
  print: (line: string) => void = (l) => process.stdout.write(l + '\n'),
  options: { watchParent?: boolean; parentCheckMs?: number } = {},
) {
  const handler = (signal: string) => {
    print(`${signal}: finishing in-flight work…`);
    server.stop().then(
      () => {
        print('stopped');
        process.exit(0);
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => handler('SIGTERM received'));
  process.once('SIGINT', () => handler('SIGINT received'));
  if (options.watchParent ?? process.env.npm_lifecycle_event !== undefined) {
    const parent = process.ppid;
    const watch = repeat(options.parentCheckMs ?? 500, () => {
      if (process.ppid === parent) return;
      watch.stop();
      handler(`launcher (pid ${parent}) exited`);
    });
  }
}

/** What the start prints: where the service listens, where mail goes, how to get a key. */
function printBanner(
  print: (line: string) => void,
  config: Config,
  started: {
    url: string;
    port: number;
    reachableHost: string;
    drop: SftpDrop | null;
    demo: DemoAccount | null;
    earlierDemo: string | null;
  },
): void {
  const { url, port, reachableHost, drop, demo, earlierDemo } = started;
  print(`listing-sync listening on ${url} (pid ${process.pid})`);
  if (reachableHost !== config.host)
    print(`  bound to    ${config.host}:${port}: every address of this machine answers, not only ${reachableHost}`);
  print(`  storage     ${config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${resolve(config.dataDir)}`}`);
  if (config.databaseReadUrl)
    print(`  replica     DATABASE_READ_URL: the public site and the relay feed read there while it keeps up (${url}/readyz)`);
  print(`  v1          ${url}/v1   (sandbox ${url}/sandbox/v1)`);
  print(`  ingestion   ${url}/ingest   (sandbox ${url}/sandbox/ingest)`);
  print(`  API docs    ${url}/docs   (OpenAPI: ${url}/openapi.json)`);
  print(`  public site ${url}/`);
  print(`  first steps ${url}/developers`);
  if (config.baseUrl !== defaultBaseUrl(config))
    print(`  public base ${config.baseUrl} (BASE_URL: used in links, publicUrl and error types)`);
  print(
    `  mail        ${config.smtpUrl ? `SMTP ${config.smtpUrl.replace(/\/\/[^@/]*@/, '//')} (MAIL_FROM ${config.mailFrom})` : `kept in the embedded mailbox: ${url}/dev/mailbox (${config.devMailboxOpen ? 'open to every client: DEV_MAILBOX_OPEN=1' : 'from this machine only'}; set SMTP_URL to send)`}`,
  );
  if (drop) print(`  SFTP drop   port ${drop.port} (SFTP_PORT): passerelle files, one login per agency in its pro space`);
  if (config.metricsToken) print(`  metrics     ${url}/metrics (Bearer METRICS_TOKEN, Prometheus text)`);
  print(`  jobs        ${config.worker ? 'run in this process too' : 'left to `listing-sync worker` processes (WORKER=0)'}`);
  print(`  TLS         ${config.tls ? 'on, TLS 1.3 minimum' : 'off: plain HTTP is for local use or behind a TLS-terminating proxy'}`);
  print(
    config.adminToken
      ? `  operator    ${url}/admin/api (Bearer ADMIN_TOKEN): bin/listing-sync agency list, key create --agency <agencyId> --env live|test`
      : '  operator    API off: set ADMIN_TOKEN (16+ characters) to manage agencies and keys with `bin/listing-sync`',
  );
  if (demo) {
    print('');
    print(`Demo agency created: ${demo.agencyId} (verified, plan Pro Agence). Its keys are shown this once:`);
    print(`  LIVE  ${demo.liveKey}`);
    print(`  TEST  ${demo.testKey}`);
    print('Try it:');
    print(`  curl -H "Authorization: Bearer ${demo.liveKey}" ${url}/v1/me`);
    print(lostKeysHint(config));
    print(`  ${newKeyCommand(demo.agencyId)}`);
    print(`Its pro space (inbox, replies, statistics): ${url}/pro, as ${demo.proEmail} with this password, shown this once:`);
    print(`  ${demo.proPassword}`);
  } else if (earlierDemo) {
    print(`Demo agency ${earlierDemo} (its keys were shown on the first start). ${lostKeysHint(config)} ${newKeyCommand(earlierDemo)}`);
  }
}
