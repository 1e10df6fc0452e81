import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppwriteError } from '../core/errors.ts';

export type WebHandler = (request: Request) => Promise<Response>;

function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // The site forwards this to the API; it must be the address Fastify trusts, never the client's claim.
  headers.set('x-forwarded-for', request.ip);
  const url = `${request.protocol}://${request.host}${request.url}`;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  return new Request(url, { method: request.method, headers, body: hasBody ? new Uint8Array(request.body as Buffer) : undefined, signal: controller.signal });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as never));
}

/**
 * Serves the built site on every path outside /v1: hashed assets from build/client with long
 * caching, everything else rendered by React Router.
 */
export async function mountWeb(server: FastifyInstance, buildDirectory: string, handler: WebHandler): Promise<void> {
  const clientDirectory = join(buildDirectory, 'client');
  await server.register(async (web) => {
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    if (existsSync(join(clientDirectory, 'assets'))) {
      await web.register(fastifyStatic, { root: join(clientDirectory, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', decorateReply: false, wildcard: true, index: false });
    }
    await web.register(fastifyStatic, { root: clientDirectory, prefix: '/static-root/', decorateReply: false, serve: false });
    web.all('/*', async (request, reply) => {
      if (request.url === '/v1' || request.url.startsWith('/v1/')) throw new AppwriteError('general_route_not_found');
      const file = request.url.split('?')[0] ?? '/';
      if (request.method === 'GET' && /^\/[\w.-]+\.(ico|png|svg|webmanifest)$/.test(file) && existsSync(join(clientDirectory, file))) {
        return reply.sendFile ? reply.sendFile(file.slice(1), clientDirectory) : undefined;
      }
      return sendFetchResponse(reply, await handler(toFetchRequest(request)));
    });
  });
}
