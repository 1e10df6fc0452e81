import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { MemoryRateLimiter, type RateLimiter } from './core/rate-limiter.ts';
import { RedisRateLimiter } from './core/redis-rate-limiter.ts';
import { routes } from './core/registry.ts';
import type { Services } from './core/services.ts';
import { connectDatabase } from './db/connect.ts';
import { applySchema, type SchemaChangeReport } from './db/schema/apply-schema.ts';
import { applyCors } from './http/cors.ts';
import { installErrorHandling, renderFrameworkError } from './http/error-handler.ts';
import { parseQueryString } from './http/querystring.ts';
import { mountRoutes } from './http/rest.ts';
import { mountWeb } from './http/web.ts';
import { generateOpenApi } from './openapi/generate.ts';
import { loadProjectSchema } from './schema/project-schema.ts';
import { CollectionAbuseLimits } from './services/databases/collection-abuse-limits.ts';
import { DocumentsService } from './services/databases/documents-service.ts';
import { applyAuthTables } from './db/system/auth-tables.ts';
import { createAccountServices } from './services/account/account-services.ts';
import { fileCollection } from './services/storage/file-collections.ts';
import { createStorageServices } from './services/storage/storage-services.ts';
import multipart from '@fastify/multipart';
import { teamCollections } from './services/teams/team-collections.ts';
import { TeamRecords } from './services/teams/team-records.ts';
import { createTeamServices } from './services/teams/team-services.ts';

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface App {
  server: FastifyInstance;
  services: Services;
  schemaReport: SchemaChangeReport;
  close(): Promise<void>;
}

/** Builds the whole API (schema applied, routes mounted) without listening; tests and main share it. */
export interface AppOptions {
  rateLimiter?: RateLimiter;
  /** Serve the built web site on every path outside /v1. */
  web?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const schema = loadProjectSchema(config.schemaFile);
  if (schema.projectId !== config.projectId) {
    throw new Error(`${config.schemaFile} is for project "${schema.projectId}" but PROJECT_ID is "${config.projectId}"`);
  }
  const dialect = await connectDatabase(config);
  let schemaReport: SchemaChangeReport;
  try {
    schemaReport = await applySchema(dialect, schema, [...schema.buckets.map(fileCollection), ...teamCollections]);
    await applyAuthTables(dialect);
  } catch (error) {
    await dialect.close();
    throw error;
  }
  const ownRateLimiter: RateLimiter | undefined = options.rateLimiter ? undefined : config.redisUrl ? new RedisRateLimiter(config.redisUrl, config.projectId) : new MemoryRateLimiter();
  const rateLimiter = options.rateLimiter ?? ownRateLimiter!;
  // Mail is sent by handlers, once the server (and its logger) exists.
  let messageLog = (_line: string): void => {};
  const teamRecords = new TeamRecords(dialect);
  const accounts = await createAccountServices(dialect, config, (line) => messageLog(line), (userId) => teamRecords.grantsOf(userId));
  const services: Services = {
    dialect,
    schema,
    documents: new DocumentsService(dialect, schema, new CollectionAbuseLimits(rateLimiter, config.abuseLimits)),
    accounts,
    storage: await createStorageServices(dialect, schema, config),
    teams: createTeamServices(teamRecords, accounts.users),
  };
  await services.teams.teams.ensureDeclared(schema.teams);

  const server = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-appwrite-key"]', 'req.headers["x-appwrite-session"]', 'req.headers["x-appwrite-jwt"]', 'req.headers["x-fallback-cookies"]', 'req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 256 },
    frameworkErrors: renderFrameworkError,
  });
  // Fastify's own parser, which refuses `__proto__` and `constructor.prototype` keys; an empty body means `{}`.
  const parseJson = server.getDefaultJsonParser('error', 'error');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    parseJson(request, text, done);
  });
  messageLog = (line) => server.log.info(line);
  // OAuth2 providers that answer with a form POST (Apple) send their code this way.
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  installErrorHandling(server);
  server.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') && request.url !== '/v1') return;
    if (applyCors(request, reply, config.allowedOrigins)) return reply;
  });
  await server.register(multipart);
  mountRoutes(server, routes, { config, services, rateLimiter, uploadTempDir: services.storage.uploadTempDir, maxUploadBytes: services.storage.maxUploadBytes });
  const openApi = JSON.stringify(generateOpenApi(routes, config.siteUrl));
  server.get('/v1/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(openApi));
  if (options.web) {
    // The site is a separate workspace and only a client of /v1; it is loaded only when served.
    const { loadWebHandler } = await import('../../web/server/handler.ts');
    await mountWeb(server, config.webBuildDir, await loadWebHandler(config.webBuildDir));
  }

  return {
    server,
    services,
    schemaReport,
    async close() {
      await server.close();
      services.storage.stop();
      await ownRateLimiter?.close?.();
      await dialect.close();
    },
  };
}
