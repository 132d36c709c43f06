import { before, after } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig, type Config } from '../../src/platform/config.js';
import type { Database } from '../../src/platform/db/database.js';
import { buildApp, closeServices, createServices, type Services } from '../../src/main/app.js';
import { isolatedTestDatabase, openTestDatabase } from './database.js';
import type { Resolver } from '../../src/domain/webhooks/sender.js';
import { ContractChecker } from './contract.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestAgency {
  agencyId: string;
  live: string;
  test: string;
}

export interface TestApp {
  app: FastifyInstance;
  contract: ContractChecker;
  services: Services;
  db: Database;
  config: Config;
  /** Creates an agency through the operator API, verified with a LIVE key unless told otherwise. */
  agency(input?: { plan?: 'solo' | 'agence' | 'reseau'; name?: string; verified?: boolean }): Promise<TestAgency>;
  /** Shorthand for an authenticated JSON request. */
  call(
    method: InjectOptions['method'],
    url: string,
    key: string | null,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  admin(method: InjectOptions['method'], url: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  db?: Database;
  env?: Record<string, string>;
  /** The service's clock; an app given one runs no jobs unless `env.WORKER` is '1'. */
  now?: () => Date;
  logger?: FastifyBaseLogger;
  /** Stands in for DNS when webhooks are delivered. */
  resolve?: Resolver;
  onError?: (error: unknown) => void;
  /** Extra routes for a test, added before the application is sealed. */
  routes?: (app: FastifyInstance) => void;
  /** Certificate and key: the application is built as the server builds it with TLS_CERT and TLS_KEY. */
  https?: { cert: Buffer; key: Buffer };
}

/** A full application on a fresh test database (or a given one, to act as a second process). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDb = !options.db;
  const db = options.db ?? (await openTestDatabase());
  // Pages are rendered afresh: a test reads what it has just written (the page cache has its own test).
  // Webhooks are delivered only by the apps of tests that ask (on PostgreSQL all files share one database).
  // An app with a clock of its own runs no jobs unless its test asks (WORKER=1, on a database of
  // its own): on the shared database its runner would purge other files' events, sessions and
  // mails as of its moved date, and time its claims on it.
  const config = loadConfig({
    ADMIN_TOKEN,
    PORT: '8080',
    DEMO: '0',
    SITE_CACHE_MS: '0',
    WEBHOOK_DELIVERY: '0',
    ...(options.now ? { WORKER: '0' } : {}),
    ...options.env,
  });
  const services = await createServices(config, db, { now: options.now, resolve: options.resolve, onError: options.onError });
  const app = await buildApp(services, { logger: options.logger, logRequests: Boolean(options.logger), https: options.https });
  options.routes?.(app);
  await app.ready();

  const contract = new ContractChecker(app.swagger() as never);
  // Every answer a test receives through `call` is checked against the OpenAPI description.
  const call: TestApp['call'] = async (method, url, key, body, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
    });
    const violations = contract.check(String(method), url, response.statusCode, response.headers, response.body);
    if (violations.length > 0) throw new Error(`Response outside the OpenAPI description:\n${violations.join('\n')}`);
    return response;
  };
  const admin: TestApp['admin'] = (method, url, body) => call(method, `/admin/api${url}`, ADMIN_TOKEN, body);

  let counter = 0;
  return {
    app,
    contract,
    services,
    db,
    config,
    call,
    admin,
    async agency(input = {}) {
      const response = await admin('POST', '/agencies', {
        name: input.name ?? `Agency ${++counter}`,
        plan: input.plan ?? 'agence',
        verified: input.verified ?? true,
      });
      if (response.statusCode !== 201) throw new Error(`agency creation failed: ${response.body}`);
      const body = response.json();
      return { agencyId: body.agencyId, live: body.keys.live, test: body.keys.test };
    },
    async close() {
      await app.close();
      await closeServices(services);
      if (ownDb) await db.close();
    },
  };
}

/**
 * The usual set-up of a test file: one app on a fresh database (and one agency) made in
 * `before`, closed in `after`. The objects returned stand for them from module scope and
 * are usable inside tests, once `before` has run.
 */
export function useTestApp(options: TestAppOptions & { agency?: Parameters<TestApp['agency']>[0] } = {}): {
  t: TestApp;
  agency: TestAgency;
} {
  let app: TestApp | undefined;
  let agency: TestAgency | undefined;
  before(async () => {
    app = await createTestApp(options);
    agency = await app.agency(options.agency);
  });
  after(() => app?.close());
  return { t: lateBound(() => app, 'app'), agency: lateBound(() => agency, 'agency') };
}

/**
 * useTestApp whose clock `ahead(ms, run)` moves forward for the length of `run`. Its job runner
 * is off, so a moved clock never purges another test file's rows on a shared PostgreSQL.
 */
export function useTestAppWithClock(): { t: TestApp; ahead<T>(ms: number, run: () => Promise<T>): Promise<T> } {
  let aheadMs = 0;
  const { t } = useTestApp({ now: () => new Date(Date.now() + aheadMs) });
  return {
    t,
    async ahead(ms, run) {
      aheadMs = ms;
      try {
        return await run();
      } finally {
        aheadMs = 0;
      }
    },
  };
}

/**
 * An app on a database of its own (on PostgreSQL a new one, dropped at the end), for files whose
 * figures are global or whose clock moves: `setClock(date)` sets the service's clock, `null` gives
 * it back to the real time. No job runner, so nothing purges while the clock is moved.
 */
export function useIsolatedTestApp(): { t: TestApp; agency: TestAgency; setClock(date: Date | null): void } {
  let clock: Date | null = null;
  let app: TestApp | undefined;
  let agency: TestAgency | undefined;
  let closeDatabase: (() => Promise<void>) | undefined;
  before(async () => {
    const isolated = await isolatedTestDatabase();
    closeDatabase = isolated.close;
    app = await createTestApp({ db: isolated.db, now: () => clock ?? new Date() });
    agency = await app.agency();
  });
  after(async () => {
    await app?.close();
    await closeDatabase?.();
  });
  return { t: lateBound(() => app, 'app'), agency: lateBound(() => agency, 'agency'), setClock: (date) => void (clock = date) };
}

function lateBound<T extends object>(get: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, property) {
      const target = get();
      if (!target) throw new Error(`the test ${what} is used before the file's before() hook ran`);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
