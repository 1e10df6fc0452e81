import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config, HttpLimits } from './config.ts';
import { MemoryRateLimiter, type RateLimiter } from './core/rate-limiter.ts';
import { RedisRateLimiter } from './core/redis-rate-limiter.ts';
import { routes } from './core/registry.ts';
import type { Services } from './core/services.ts';
import { connectDatabase } from './db/connect.ts';
import type { DatabaseLog } from './db/dialects/outage.ts';
import { applySchema, type SchemaChangeReport } from './db/schema/apply-schema.ts';
import { enforceCors } from './http/cors.ts';
import { installErrorHandling, renderFrameworkError } from './http/error-handler.ts';
import { drainServer, InFlightRequests } from './http/graceful-shutdown.ts';
import { enforceRequestDeadlines } from './http/request-deadlines.ts';
import { effectiveAccessLog, logRequests, requestIdGenerator } from './http/request-log.ts';
import { hardenApiResponses } from './http/security-headers.ts';
import { answerClientError } from './http/socket-answer.ts';
import { parseQueryString } from './http/querystring.ts';
import { mountRoutes } from './http/rest.ts';
import { mountGraphql } from './graphql/mount.ts';
import { mountWeb, type FrameworkErrorRenderer } from './http/web.ts';
import { registerCompression } from './http/compression.ts';
import { generateOpenApi } from './openapi/generate.ts';
import { loadProjectSchema } from './schema/project-schema.ts';
import { CollectionAbuseLimits } from './services/databases/collection-abuse-limits.ts';
import { DocumentsService } from './services/databases/documents-service.ts';
import { applyAuthTables } from './db/system/auth-tables.ts';
import { applyOutboxTables, EventBus } from './events/index.ts';
import type { ProcessWakeupsFactory } from './events/process-wakeups.ts';
import { createAccountServices } from './services/account/account-services.ts';
import { fileCollection } from './services/storage/file-collections.ts';
import { createStorageServices, STORAGE_SWEEP_EVERY_MS } from './services/storage/storage-services.ts';
import multipart from '@fastify/multipart';
import { teamCollections } from './services/teams/team-collections.ts';
import { ChangeRecorder } from './services/history/change-recorder.ts';
import { changesCollection } from './services/history/history-collection.ts';
import { HistoryService } from './services/history/history-service.ts';
import { importJobsCollection, importRowsCollection } from './services/imports/import-collections.ts';
import { ImportsService } from './services/imports/imports-service.ts';
import { TeamRecords } from './services/teams/team-records.ts';
import { createAppFunctions, loadDeclaredFunctions } from './services/functions/app-functions.ts';
import { createMessagingServices } from './services/messaging/messaging-services.ts';
import { executionsCollection } from './services/functions/execution-collection.ts';
import { systemClock, type JobClock } from './jobs/job-clock.ts';
import { createTeamServices } from './services/teams/team-services.ts';
import { resourceTokensCollection } from './services/tokens/token-collection.ts';
import { TokensService } from './services/tokens/tokens-service.ts';
import { applyTransactionTables, transactionsCollection } from './services/transactions/transaction-tables.ts';
import { TransactionsService } from './services/transactions/transactions-service.ts';
import { sweepExpiredTransactions, TRANSACTION_SWEEP_EVERY_MS } from './services/transactions/transaction-sweep.ts';
import { applyTickTable, OncePerTick } from './jobs/once-per-tick.ts';
import { hostname } from 'node:os';
import { ScreenshotBrowser } from './services/avatars/screenshot-browser.ts';
import { geoLocatorFor } from './services/locale/geo-locator.ts';
import { RealtimeServer } from './realtime/realtime-server.ts';
import { acquireStartupLock } from './db/startup-lock.ts';
import { seedIfEmpty } from './seed/seed-demo.ts';
import { DependencyHealth } from './services/health/dependency-health.ts';

export interface App {
  server: FastifyInstance;
  services: Services;
  schemaReport: SchemaChangeReport;
  /** The sockets at /v1/realtime. */
  realtime: RealtimeServer;
  /** Sweeps and pruning, each run once per tick across processes (jobs/once-per-tick.ts). */
  periodic: OncePerTick;
  /** Drains requests in flight (up to SHUTDOWN_TIMEOUT_MS), then closes the pool, rate limiter and timers; `reason` is logged. */
  close(reason?: string): Promise<void>;
}

/** Builds the whole API (schema applied, routes mounted) without listening; tests and main share it. */
export interface AppOptions {
  rateLimiter?: RateLimiter;
  /** Wakes the event readers of this machine's other workers when there is no Redis (WORKERS > 1). */
  processWakeups?: ProcessWakeupsFactory;
  /** Serve the built web site on every path outside /v1. */
  web?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The time queued work goes by (scheduled executions, cron); tests move it ahead. */
  clock?: JobClock;
  /** Write the demo data (SEED) into an empty directory before returning, under the start-up lock: main does, scripts and tests do not. */
  seed?: boolean;
}

/** Fastify's and Node's options for what one client may send and how slowly (see HttpLimits). */
function serverLimits(limits: HttpLimits) {
  return {
    bodyLimit: limits.bodyBytes,
    // Bodies have their own deadline (request-deadlines.ts), which lets uploads that keep moving go on.
    requestTimeout: 0,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    http: {
      maxHeaderSize: limits.headerBytes,
      headersTimeout: limits.headersTimeoutMs,
      // Node checks header deadlines this often (30 s by default, which would stretch a 15 s limit to 45 s).
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    // While draining, a request on a kept-alive connection is answered (then the connection closes), not refused.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
  };
}

/** One line in the server log's shape, for what is said before the server (and its logger) exists. */
function logBeforeServer(config: Config, options: AppOptions, message: string): void {
  if (config.logLevel !== 'info' && config.logLevel !== 'debug') return;
  (options.logStream ?? process.stdout).write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: message })}\n`);
}

/**
 * Builds the app under the start-up lock (db/startup-lock.ts), held until the demo seed is done:
 * processes starting together on the same data apply the schema and seed one after the other.
 */
export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const startupLock = await acquireStartupLock(config, (message) => logBeforeServer(config, options, message));
  try {
    const app = await buildApp(config, options);
    if (options.seed) {
      await seedIfEmpty(app.services, config.seed, (line) => app.server.log.info(line)).catch(async (error: unknown) => {
        await app.close('seed failed');
        throw error;
      });
    }
    return app;
  } finally {
    await startupLock.release();
  }
}

async function buildApp(config: Config, options: AppOptions): Promise<App> {
  const schema = loadProjectSchema(config.schemaFile);
  const declaredFunctions = loadDeclaredFunctions(config, schema);
  if (schema.projectId !== config.projectId) {
    throw new Error(`${config.schemaFile} is for project "${schema.projectId}" but PROJECT_ID is "${config.projectId}"`);
  }
  // Outages are reported through the server's log once it exists.
  let databaseLog: DatabaseLog = () => {};
  const dialect = await connectDatabase(config, (level, message) => databaseLog(level, message));
  let schemaReport: SchemaChangeReport;
  try {
    schemaReport = await applySchema(dialect, schema, [...schema.buckets.map(fileCollection), ...teamCollections, changesCollection, importJobsCollection, importRowsCollection, executionsCollection, resourceTokensCollection, transactionsCollection]);
    await applyAuthTables(dialect);
    await applyOutboxTables(dialect);
    await applyTransactionTables(dialect);
    await applyTickTable(dialect);
  } catch (error) {
    await dialect.close();
    throw error;
  }
  const ownRateLimiter: RateLimiter | undefined = options.rateLimiter ? undefined : config.redisUrl ? new RedisRateLimiter(config.redisUrl, config.projectId) : new MemoryRateLimiter();
  const rateLimiter = options.rateLimiter ?? ownRateLimiter!;
  // Mail is sent by handlers, once the server (and its logger) exists.
  let messageLog = (_line: string): void => {};
  let importFailureLog = (_error: unknown, _importId: string): void => {};
  // The event bus reports to the server's log once it exists.
  let eventLog = (_line: string): void => {};
  const events = await EventBus.start(dialect, { redisUrl: config.redisUrl, redisPrefix: config.projectId, processWakeups: options.processWakeups, log: (line) => eventLog(line) });
  const teamRecords = new TeamRecords(dialect, events);
  const accounts = await createAccountServices(dialect, config, (line) => messageLog(line), (userId) => teamRecords.grantsOf(userId), events);
  const documents = new DocumentsService(dialect, schema, new CollectionAbuseLimits(rateLimiter, config.abuseLimits), new ChangeRecorder(dialect), events);
  // Queue and cron log through the server once it exists.
  let jobLog = (_level: 'info' | 'warn' | 'error', _message: string): void => {};
  const functions = await createAppFunctions(config, declaredFunctions, dialect, accounts.jwtKey, options.clock ?? systemClock, events, (level, message) => jobLog(level, message));
  const storage = await createStorageServices(dialect, schema, config, events);
  const services: Services = {
    dialect,
    schema,
    documents,
    accounts,
    storage,
    teams: createTeamServices(teamRecords, accounts),
    history: new HistoryService(documents),
    functions: functions.services,
    messaging: await createMessagingServices({ config, dialect, schema, events, documents, serverSecret: accounts.jwtKey, clock: options.clock ?? systemClock, log: (level, message) => jobLog(level, message) }),
    tokens: new TokensService(dialect, accounts.jwtKey, storage.files),
    transactions: new TransactionsService(dialect, documents),
    screenshots: new ScreenshotBrowser(),
    geo: geoLocatorFor(config.geoIpDatabase),
    health: new DependencyHealth({ redisUrl: config.redisUrl, redisPrefix: config.projectId, device: storage.device, scratchDir: storage.uploadTempDir, localFolders: [config.dataDir, storage.uploadTempDir] }),
    events,
    // Its background steps use the other services, which exist by the time a request starts one.
    imports: new ImportsService(dialect, () => services, { batchSize: config.importBatchSize, onUnexpected: (error, importId) => importFailureLog(error, importId) }),
  };
  await services.teams.teams.ensureDeclared(schema.teams);

  let renderUnroutable: FrameworkErrorRenderer = renderFrameworkError;
  const server = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-appwrite-key"]', 'req.headers["x-appwrite-session"]', 'req.headers["x-appwrite-jwt"]', 'req.headers["x-fallback-cookies"]', 'req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // The access log (logRequests) replaces Fastify's two lines per request, which would log the raw URL.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 256 },
    // Once the site is mounted, URLs outside /v1 that the router cannot decode are its to answer.
    frameworkErrors: (error, request, reply) => renderUnroutable(error, request, reply),
    ...serverLimits(config.limits),
  });
  databaseLog = (level, message) => server.log[level](message);
  // Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys; an empty body means `{}`.
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    parseJson(request, text, done);
  });
  messageLog = (line) => server.log.info(line);
  jobLog = (level, message) => server.log[level](message);
  server.addHook('onListen', async () => functions.listening(server.server.address()));
  eventLog = (line) => server.log.warn(line);
  importFailureLog = (error, importId) => server.log.error({ err: error, importId }, 'import failed');
  const periodic = new OncePerTick(dialect, (message) => server.log.warn(`periodic work failed: ${message}`));
  // The storage sweep also cleans this machine's scratch folders (and disk store): once per tick per machine and DATA_DIR.
  periodic.every(`storage.sweep ${hostname()}:${config.dataDir}`, STORAGE_SWEEP_EVERY_MS, () => services.storage.sweep());
  periodic.every('transactions.expired-sweep', TRANSACTION_SWEEP_EVERY_MS, () => sweepExpiredTransactions(services.transactions.store));
  periodic.every('events.prune', events.pruneEveryMs, () => events.prune());
  // OAuth2 providers that answer with a form POST (Apple) send their code this way.
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  logRequests(server, effectiveAccessLog(config.accessLog, config.logLevel));
  const inFlight = new InFlightRequests(server);
  const deadlines = enforceRequestDeadlines(server, config.limits);
  installErrorHandling(server, { onBodyRefused: (request) => deadlines.refused(request) });
  hardenApiResponses(server, config.allowedOrigins);
  enforceCors(server, config.allowedOrigins);
  await server.register(multipart);
  await registerCompression(server);
  const restDependencies = { config, services, rateLimiter, uploadTempDir: services.storage.uploadTempDir, maxUploadBytes: services.storage.maxUploadBytes };
  mountRoutes(server, routes, restDependencies);
  mountGraphql(server, routes, restDependencies);
  const realtime = new RealtimeServer(server.server, config, services, rateLimiter, { warn: (line) => server.log.warn(line) });
  const openApi = JSON.stringify(generateOpenApi(routes, config.siteUrl));
  server.get('/v1/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(openApi));
  if (options.web && !existsSync(join(config.webBuildDir, 'server', 'index.js'))) {
    // An API-only process (the site served elsewhere, or not built): `npm start` builds it first.
    server.log.warn(`no site build in ${config.webBuildDir}: serving the API only`);
  } else if (options.web) {
    // The site is a separate workspace and only a client of /v1; it is loaded only when served.
    const { loadWebHandler } = await import('../../web/server/handler.ts');
    renderUnroutable = await mountWeb(server, config.webBuildDir, await loadWebHandler(config.webBuildDir), renderFrameworkError);
  }

  return {
    server,
    services,
    schemaReport,
    realtime,
    periodic,
    async close(reason = 'close') {
      const { requests, uploads, pages } = inFlight.counts();
      server.log.info(`shutdown (${reason}): draining ${requests} requests in flight (${uploads} uploads, ${pages} pages), for up to ${config.shutdownTimeoutMs} ms`);
      // Sockets are told first (1001), so their clients reconnect to a process that stays.
      await realtime.close();
      const drained = await drainServer(server, inFlight, config.shutdownTimeoutMs);
      deadlines.stop();
      await periodic.stop();
      await functions.close(config.shutdownTimeoutMs);
      await services.messaging.stop(config.shutdownTimeoutMs);
      await services.screenshots.close();
      services.health.close();
      await events.close();
      await ownRateLimiter?.close?.();
      await dialect.close();
      server.log.info(`shutdown (${reason}) done in ${drained.durationMs} ms: ${drained.completed} requests completed, ${drained.cutOff} cut off; database, rate limiter and timers closed`);
    },
  };
}
