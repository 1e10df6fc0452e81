import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { MemoryRateLimiter, type RateLimiter } from './core/rate-limiter.ts';
import { routes } from './core/registry.ts';
import type { Services } from './core/services.ts';
import { connectDatabase } from './db/connect.ts';
import { applySchema, type SchemaChangeReport } from './db/schema/apply-schema.ts';
import { applyCors } from './http/cors.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { parseQueryString } from './http/querystring.ts';
import { mountRoutes } from './http/rest.ts';
import { generateOpenApi } from './openapi/generate.ts';
import { loadProjectSchema } from './schema/project-schema.ts';
import { DocumentsService } from './services/databases/documents-service.ts';

export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface App {
  server: FastifyInstance;
  services: Services;
  schemaReport: SchemaChangeReport;
  close(): Promise<void>;
}

/** Builds the whole API (schema applied, routes mounted) without listening; tests and main share it. */
export async function createApp(config: Config, options: { rateLimiter?: RateLimiter } = {}): Promise<App> {
  const schema = loadProjectSchema(config.schemaFile);
  if (schema.projectId !== config.projectId) {
    throw new Error(`${config.schemaFile} is for project "${schema.projectId}" but PROJECT_ID is "${config.projectId}"`);
  }
  const dialect = await connectDatabase(config);
  let schemaReport: SchemaChangeReport;
  try {
    schemaReport = await applySchema(dialect, schema);
  } catch (error) {
    await dialect.close();
    throw error;
  }
  const services: Services = { dialect, schema, documents: new DocumentsService(dialect, schema) };

  const server = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers["x-appwrite-key"]', 'req.headers["x-appwrite-session"]', 'req.headers["x-fallback-cookies"]', 'req.headers.authorization'] },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { querystringParser: parseQueryString, maxParamLength: 256 },
  });
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new SyntaxError('The request body is not valid JSON.') as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  installErrorHandling(server);
  server.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') && request.url !== '/v1') return;
    if (applyCors(request, reply, config.allowedOrigins)) return reply;
  });
  mountRoutes(server, routes, { config, services, rateLimiter: options.rateLimiter ?? new MemoryRateLimiter() });
  const openApi = JSON.stringify(generateOpenApi(routes, config.siteUrl));
  server.get('/v1/openapi.json', (_request, reply) => reply.type('application/json; charset=utf-8').send(openApi));

  return {
    server,
    services,
    schemaReport,
    async close() {
      await server.close();
      await dialect.close();
    },
  };
}
