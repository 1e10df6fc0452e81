/**
 * Fastify vs Hono on the hot path: the same listDocuments call (query-string parsing, service,
 * JSON) mounted minimally in each framework, driven by autocannon in turns. Records the
 * measurement behind docs/decisions/004-http-framework.md.
 *   npx node bench/framework/choice.ts [--duration 8] [--connections 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { createApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { GUEST } from '../../apps/api/src/core/context.ts';
import { parseQueryString } from '../../apps/api/src/http/querystring.ts';
import { seedDemo } from '../../apps/api/src/seed/seed-demo.ts';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '8' }, connections: { type: 'string', default: '50' } } });
const dataDir = mkdtempSync(join(tmpdir(), 'framework-choice-'));
const app = await createApp(loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' }));
await seedDemo(app.services, 'demo');
const address = { databaseId: 'main', collectionId: 'candidates' };
const areas = (await app.services.documents.list(GUEST, { databaseId: 'main', collectionId: 'electoral_areas' }, ['{"method":"limit","values":[20]}'], false)).documents.map((area) => area.$id);
const paths = areas.map((id) => `/list?${new URLSearchParams({ 'queries[0]': JSON.stringify({ method: 'equal', attribute: 'electoralAreaId', values: [id] }), 'queries[1]': '{"method":"orderAsc","attribute":"name"}', 'queries[2]': '{"method":"limit","values":[25]}' })}`);

function queriesOf(search: string): string[] {
  const parsed = parseQueryString(search);
  const queries = parsed['queries'];
  return Array.isArray(queries) ? queries : typeof queries === 'string' ? [queries] : [];
}

const fastify = Fastify({ routerOptions: { querystringParser: parseQueryString } });
fastify.get('/list', async (request) => app.services.documents.list(GUEST, address, queriesOf(request.url.slice(request.url.indexOf('?') + 1)), true));
await fastify.listen({ port: 0, host: '127.0.0.1' });
const fastifyPort = (fastify.server.address() as { port: number }).port;

const hono = new Hono();
hono.get('/list', async (context) => context.json(await app.services.documents.list(GUEST, address, queriesOf(new URL(context.req.url).search.slice(1)), true)));
const honoServer = serve({ fetch: hono.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => honoServer.once('listening', resolve));
const honoPort = (honoServer.address() as { port: number }).port;

async function load(port: number): Promise<autocannon.Result> {
  let index = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: Number(values.connections),
    duration: Number(values.duration),
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length] }) }],
  });
}

const rows: string[] = [];
for (const round of [1, 2]) {
  for (const [name, port] of [['fastify', fastifyPort], ['hono', honoPort]] as const) {
    const result = await load(port);
    rows.push(`| ${round} | ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} |`);
  }
}
console.log('| round | framework | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
await fastify.close();
honoServer.close();
await app.close();
rmSync(dataDir, { recursive: true, force: true });
