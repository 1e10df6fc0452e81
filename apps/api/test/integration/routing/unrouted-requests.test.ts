// Both places that answer a request no route matched — Fastify's not-found handler and, when the
// site is mounted, its catch-all for /v1 paths — tell Appwrite's endpoints we lack (405) from
// unknown ones (404), and leave the site's own pages alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installErrorHandling, renderFrameworkError } from '../../../src/http/error-handler.ts';
import { mountWeb } from '../../../src/http/web.ts';

const buildDirectory = mkdtempSync(join(tmpdir(), 'unrouted-site-'));
afterAll(() => rmSync(buildDirectory, { recursive: true, force: true }));

async function server(withSite: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app);
  if (withSite) await mountWeb(app, buildDirectory, { handle: async () => new Response('a page', { status: 200 }), fileHeaders: () => ({}) }, renderFrameworkError);
  return app;
}

for (const withSite of [false, true]) {
  describe(withSite ? 'with the site mounted' : 'API only', () => {
    it('a listed endpoint is 405 general_not_implemented, anything else under /v1 404 general_route_not_found', async () => {
      const app = await server(withSite);
      const listed = await app.inject({ method: 'GET', url: '/v1/presences/someone?project=x' });
      expect(listed.statusCode).toBe(405);
      expect(listed.json()).toMatchObject({ code: 405, type: 'general_not_implemented' });
      for (const url of ['/v1/nowhere', '/v1/presences/someone/more']) {
        const unknown = await app.inject({ method: 'GET', url });
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toMatchObject({ type: 'general_route_not_found' });
      }
      const page = await app.inject({ method: 'GET', url: '/presences' });
      if (withSite) expect(page.body).toBe('a page');
      else expect(page.json()).toMatchObject({ type: 'general_route_not_found' });
      await app.close();
    });
  });
}
