import { pooledRandomBytes } from '../platform/random-pool.js';
import type { SecureContextOptions } from 'node:tls';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { KeyCache } from '../domain/keys/key-cache.js';
import { StatisticsKeeper } from '../platform/db/statistics.js';
import { PLANNED_COLUMNS } from '../domain/listings/store.js';
import { RequestLogWriter } from '../platform/request-log/request-log.js';
import { QuotaGate } from '../domain/quotas/quota-gate.js';
import { jobBacklog, JobQueue } from '../platform/jobs/queue.js';
import { JobRunner } from '../platform/jobs/runner.js';
import { smtpTransport, type MailTransport } from '../platform/mail/transport.js';
import type { OutageLog } from '../platform/mail/outage.js';
import { mailBacklog } from '../platform/mail/outbox.js';
import { openDatabase } from '../platform/db/open.js';
import { ReadDatabase } from '../platform/db/read-database.js';
import { Metrics } from '../platform/metrics/metrics.js';
import { deliveryBacklog } from '../domain/webhooks/deliveries.js';
import { outboxLag } from '../domain/events/lag.js';
import { WebhookDispatcher } from '../domain/webhooks/dispatcher.js';
import { WebhookSender, type Resolver } from '../domain/webhooks/sender.js';
import { AudienceCounter } from '../domain/audience/counter.js';
import { answerContentLengthFaults, ApiError, registerErrorHandling, sendProblem, wantsPage } from '../edge/http/errors.js';
import { validatorCompiler } from '../edge/http/validation.js';
import { registerJsonBodyParser } from '../edge/http/json-body.js';
import { Problem } from '../edge/http/schemas.js';
import { registerOpenApi } from '../edge/http/openapi.js';
import { healthRoutes } from '../edge/health/routes.js';
import { metricsRoutes } from '../edge/metrics/metrics-routes.js';
import { securityHeadersPlugin } from '../edge/http/plugins/security-headers.js';
import { afterResponse } from '../edge/http/plugins/after-response.js';
import { adminRoutes } from '../edge/operator-api/routes.js';
import { backOfficePages } from '../edge/back-office/routes.js';
import { proPages } from '../edge/pro/pro-routes.js';
import { relayRoutes } from '../edge/relay-feed/relay-routes.js';
import { referencePages } from '../edge/reference/reference-routes.js';
import { siteRoutes } from '../edge/site/site-routes.js';
import { devMailboxPages } from '../edge/dev-mailbox/mailbox-routes.js';
import { notFoundHtml, problemHtml } from '../edge/site/pages.js';
import { addSharedSchemas, registerInterfaces } from './mounts.js';
import { backgroundTasks } from './schedule.js';
import { Background } from '../platform/jobs/background.js';
import { lazyCompilers } from './lazy-compilers.js';
import { Readiness } from '../platform/readiness.js';

export interface Services {
  config: Config;
  db: Database;
  /**
   * Reads that may lag a moment (the public site, its search and sitemaps, the relay feed): the
   * replica of DATABASE_READ_URL while it keeps up, else `db`. Writes, and anything a user expects
   * to read back at once, use `db`.
   */
  readDb: ReadDatabase;
  /** The Prometheus metrics; null without METRICS_TOKEN (nothing is measured). */
  metrics: Metrics | null;
  keys: KeyCache;
  requestLog: RequestLogWriter;
  quotas: QuotaGate | null;
  listingStatistics: StatisticsKeeper;
  /** Enqueues background jobs, from any process. */
  jobs: JobQueue;
  /** Runs background jobs here; null when this process leaves them to others (WORKER=0). */
  jobRunner: JobRunner | null;
  /** Delivers webhooks from this process; null when others do (WEBHOOK_DELIVERY=0, WORKER=0). */
  webhooks: WebhookDispatcher | null;
  /** Injectable clock, so time-dependent rules are tested without waiting. */
  now: () => Date;
  /** SMTP_URL's server; null when mail is kept in the embedded mailbox (docs/decisions.md §16). */
  mailTransport: MailTransport | null;
  /** This process's audience counts, written every few seconds and on stop (docs/decisions.md §17). */
  audience: AudienceCounter;
  /** What runs outside requests here, as src/main/schedule.ts lists it; started with the services, stopped first. */
  background: Background;
  /** What `/readyz` tells load balancers: 503 once the process is stopping (src/main/server.ts drains). */
  readiness: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface ServiceOptions {
  now?: () => Date;
  onError?: (e: unknown) => void;
  /** Where notices of the background (an SMTP outage's start and end) are logged. */
  log?: OutageLog;
  /** How webhook receivers' names resolve (tests stand in for DNS). */
  resolve?: Resolver;
}

export async function createServices(config: Config, db: Database, options: ServiceOptions = {}): Promise<Services> {
  const keys = new KeyCache(db);
  await keys.start();
  const requestLog = new RequestLogWriter(db, { retentionDays: config.requestLogRetentionDays, onError: options.onError });
  const now = options.now ?? (() => new Date());
  const quotas = config.quotas.enabled ? new QuotaGate(db, now) : null;
  const listingStatistics = new StatisticsKeeper(db, 'listings', { columns: PLANNED_COLUMNS, onError: options.onError });
  await listingStatistics.start();
  const jobs = new JobQueue(db, now);
  const readPool = { dataDir: null, poolSize: config.databaseReadPoolSize };
  const replica = config.databaseReadUrl ? await openDatabase({ databaseUrl: config.databaseReadUrl, ...readPool }) : null;
  const readDb = new ReadDatabase(db, replica, {
    maxLagMs: config.databaseReadMaxLagMs,
    primaryReads: (await db.separatePool?.(config.databaseReadPoolSize)) ?? undefined,
  });
  // The first measure of the replica, before the first read; the schedule repeats it.
  await readDb.start();
  const metrics = config.metricsToken
    ? new Metrics({
        jobs: () => jobBacklog(db, now()),
        mail: () => mailBacklog(db, now()),
        webhooks: () => deliveryBacklog(db, now()),
        outbox: () => outboxLag(db, now()),
        pools: () => [...(db.poolUse ? [{ database: 'primary' as const, use: db.poolUse() }] : []), ...readDb.poolUses()],
        replica: () => readDb.replicaState(),
      })
    : null;
  const jobRunner = config.worker
    ? new JobRunner(db, { now, onError: options.onError, onAttempt: metrics ? (...attempt) => metrics.jobAttempt(...attempt) : undefined })
    : null;
  const mailTransport = config.smtpUrl ? smtpTransport(config.smtpUrl) : null;
  const audience = new AudienceCounter(db, { ...config.audience, now, onError: options.onError });
  const webhooks = config.webhooks.delivery
    ? new WebhookDispatcher(db, new WebhookSender({ allowPrivate: () => config.webhooks.allowPrivate, resolve: options.resolve }), {
        now,
        onError: options.onError,
      })
    : null;
  // Everything that runs outside requests is listed, with its owner, by src/main/schedule.ts.
  const background = new Background(
    backgroundTasks({ db, now, requestLog, quotas, config, readDb, audience, jobRunner, webhooks, mailTransport, mailLog: options.log }),
    options.onError,
  );
  await background.start();
  return {
    config,
    db,
    readDb,
    metrics,
    keys,
    requestLog,
    quotas,
    listingStatistics,
    jobs,
    jobRunner,
    webhooks,
    now,
    mailTransport,
    audience,
    background,
    readiness: new Readiness(),
  };
}

export async function closeServices(services: Services) {
  // The background tasks first, in reverse order: the loops (which may still use the other
  // services), then the buffers they write to, flushed after the last request (the server
  // closed first), so a graceful stop loses no count and no log line.
  await services.background.stop();
  await services.listingStatistics.close();
  await services.keys.close();
  await services.readDb.close();
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const newRequestId = () => `req_${pooledRandomBytes(9).toString('base64url')}`;

/**
 * How long a client may take, so that a stalled or trickling client cannot hold a connection
 * for ever. The request limit fits a 32 MiB push over a 0.5 Mbit/s link (about 9 minutes);
 * a connection on which nothing at all arrives for 30 seconds is closed sooner. Idle
 * keep-alive connections outlive the usual 60-second idle timeout of load balancers, so a
 * balancer never sends on a connection the server is closing.
 */
export const SERVER_TIMEOUTS = {
  /** Whole request, headers and body. */
  requestMs: 10 * 60_000,
  /** Headers alone. */
  headersMs: 20_000,
  /** Silence on the socket while a request is being received or answered. */
  idleMs: 30_000,
  /** An idle keep-alive connection between requests. */
  keepAliveMs: 65_000,
};

/** The security headers of every answer (helmet's, computed once: security-headers.ts). */
async function registerSecurityHeaders(app: FastifyInstance, https: boolean) {
  await app.register(securityHeadersPlugin, {
    helmet: {
      // The API serves JSON; the only HTML is the docs page, whose assets are all local.
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Listing photos are the agencies' own URLs (spec part 1, rule 6), https or not.
          imgSrc: ["'self'", 'data:', 'https:', ...(https ? [] : ['http:'])],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          // Upgrading sub-requests to HTTPS would break the pages when served over plain local HTTP.
          upgradeInsecureRequests: https ? [] : null,
        },
      },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // A browser keeps Strict-Transport-Security only from an HTTPS answer; over plain HTTP it
      // would tell a proxy's clients nothing true. Behind a TLS-terminating proxy, the proxy sends it.
      hsts: https,
    },
  });
}

export async function buildApp(
  services: Services,
  options: {
    logger?: FastifyBaseLogger;
    https?: SecureContextOptions;
    logRequests?: boolean;
    timeouts?: typeof SERVER_TIMEOUTS;
    /** 'metrics': `GET /metrics` alone, as `listing-sync worker` serves it on METRICS_PORT. */
    only?: 'metrics';
  } = {},
): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? SERVER_TIMEOUTS;
  // Node enforces header and request limits on a sweep of open connections, every 30 s by default.
  const serverTimeouts = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: Math.min(30_000, timeouts.headersMs),
  };
  const compilers = lazyCompilers();
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // Authenticated calls are already kept in the request_log table; per-request pino lines are opt-in.
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    ...(options.https ? { https: { ...options.https, ...serverTimeouts } } : { http: serverTimeouts }),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // A client's own request id is kept when it is a sane token, so both sides can correlate.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : newRequestId();
    },
    bodyLimit: 1024 * 1024,
    // Past 100 characters the router itself answered a bare 414; a long id now reaches its
    // route's schema and gets a 400 naming the parameter. Node caps the whole header block at 16 KiB.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A path that is not valid percent-encoding ("/v1/listings/%") is refused by the router
    // before any route: it gets the same problem body as every other bad input.
    frameworkErrors: (error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
      const message = error.code === 'FST_ERR_BAD_URL' ? 'path must be valid percent-encoded UTF-8' : error.message;
      reply.errorCode = 'validation_error';
      if (wantsPage(request)) return reply.code(400).type('text/html; charset=utf-8').send(problemHtml(400));
      return sendProblem(reply, services.config.baseUrl, new ApiError('validation_error', message, [{ field: 'path', message }]), request);
    },
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    schemaController: { compilersFactory: { buildSerializer: compilers.buildSerializer } },
  } as FastifyServerOptions).withTypeProvider<TypeBoxTypeProvider>();
  compilers.remember(app);

  app.decorate('services', services);
  app.setValidatorCompiler(compilers.validator(validatorCompiler));
  app.addSchema(Problem);
  addSharedSchemas(app);
  // Bodies are JSON only (spec part 4): anything else is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerErrorHandling(app, services.config.baseUrl, {
    unknownAddress: notFoundHtml,
    problem: (status) => problemHtml(status === 413 || status === 415 ? status : status >= 500 ? 500 : 400),
  });
  answerContentLengthFaults(app, services.config.baseUrl, newRequestId);
  // A callback hook: an async one costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  await app.register(afterResponse, { metrics: services.metrics });
  await registerSecurityHeaders(app, Boolean(options.https));
  if (options.only === 'metrics') {
    await app.register(metricsRoutes);
    return app;
  }
  await registerOpenApi(app, services.config);
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(referencePages);
  await app.register(siteRoutes);
  await app.register(adminRoutes, { prefix: '/admin/api' });
  await app.register(backOfficePages, { prefix: '/admin' });
  await app.register(proPages, { prefix: '/pro' });
  await app.register(relayRoutes, { prefix: '/relay/v1' });
  if (!services.config.smtpUrl) await app.register(devMailboxPages, { prefix: '/dev/mailbox' });
  await registerInterfaces(app);
  return app;
}
