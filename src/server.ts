import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { loadConfig, type Config } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/open.js';
import { migrate } from './db/migrate.js';
import { buildApp, closeServices, createServices, type Services } from './app.js';
import { seedDemoAgency, type DemoAgency } from './onboarding/demo-agency.js';

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  demo: DemoAgency | null;
  stop(): Promise<void>;
}

export async function startServer(config: Config = loadConfig(), options: { print?: (line: string) => void } = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(line + '\n'));
  const logger = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'headers.authorization'] });
  const db: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const demo = config.demo ? await seedDemoAgency(db) : null;
  const services = await createServices(config, db, { onError: (error) => logger.error({ err: error }, 'background write failed') });
  const https = config.tls
    ? { cert: readFileSync(config.tls.cert), key: readFileSync(config.tls.key), minVersion: 'TLSv1.3' as const }
    : undefined;
  const app = await buildApp(services, { logger, https, logRequests: config.logRequests });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `${config.tls ? 'https' : 'http'}://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  print(`listing-sync listening on ${url}`);
  print(`  storage     ${config.databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${resolve(config.dataDir)}`}`);
  print(`  v1          ${config.baseUrl}/v1   (sandbox ${config.baseUrl}/sandbox/v1)`);
  print(`  ingestion   ${config.ingestBaseUrl}   (sandbox ${config.baseUrl}/sandbox/ingest)`);
  print(`  API docs    ${config.baseUrl}/docs   (OpenAPI: ${config.baseUrl}/openapi.json)`);
  print(`  jobs        ${config.worker ? 'run in this process too' : 'left to `listing-sync worker` processes (WORKER=0)'}`);
  print(`  TLS         ${config.tls ? 'on, TLS 1.3 minimum' : 'off: plain HTTP is for local use or behind a TLS-terminating proxy'}`);
  print(
    config.adminToken
      ? `  operator    ${config.baseUrl}/admin/api (Bearer ADMIN_TOKEN); new keys: npx listing-sync key create --agency <agencyId> --env test`
      : '  operator    API off: set ADMIN_TOKEN (16+ characters) to manage agencies and keys with `npx listing-sync`',
  );
  if (demo) {
    print('');
    print(`Demo agency created: ${demo.agencyId} (verified, plan Pro Agence). Its keys are shown this once:`);
    print(`  LIVE  ${demo.liveKey}`);
    print(`  TEST  ${demo.testKey}`);
    print('Try it:');
    print(`  curl -H "Authorization: Bearer ${demo.liveKey}" ${url}/v1/me`);
  }

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      // In-flight requests finish (new ones get 503), then buffered log lines are written.
      await app.close();
      await closeServices(services);
      await db.close();
    })());
  return { app, services, url, demo, stop };
}

export interface RunningWorker {
  services: Services;
  stop(): Promise<void>;
}

/** Runs background jobs only, without serving HTTP (`listing-sync worker`), whatever WORKER says. */
export async function startWorker(config: Config = loadConfig(), options: { print?: (line: string) => void } = {}): Promise<RunningWorker> {
  const print = options.print ?? ((line: string) => process.stdout.write(line + '\n'));
  const logger = pino({ level: config.logLevel });
  const db: Database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const services = await createServices({ ...config, worker: true }, db, { onError: (error) => logger.error({ err: error }, 'background job failed') });
  print(`listing-sync worker running background jobs on ${config.databaseUrl ? 'the PostgreSQL server (DATABASE_URL)' : `embedded PostgreSQL in ${resolve(config.dataDir)}`}`);
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await closeServices(services);
      await db.close();
    })());
  return { services, stop };
}

export function stopOnSignals(server: Pick<RunningServer, 'stop'>, print: (line: string) => void = (l) => process.stdout.write(l + '\n')) {
  const handler = (signal: string) => {
    print(`${signal} received: finishing in-flight work…`);
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
  process.once('SIGTERM', () => handler('SIGTERM'));
  process.once('SIGINT', () => handler('SIGINT'));
}
