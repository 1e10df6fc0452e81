/**
 * The header search box's requests as a visitor types (issue 18, target 1: suggestions ≤ 3 ms of
 * server time p50): for each of scenario (b)'s names, every prefix from 2 letters up to the whole
 * name, the four full-text requests the box sends per keystroke (candidates, sub-regions,
 * districts, electoral areas; apps/web/app/lib/search/suggestions.client.ts), one at a time
 * against an in-process server on the 1M data set. Time is measured per request from sending to
 * the last byte on loopback (no queue: one request in flight).
 *   npx node bench/suggestions.ts [--data .bench/sqlite-large] [--rounds 3] [--by-name]
 * `--by-name` asks for name order as the box did before decision 042 (the server sorts every match).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { SEARCH_TERMS } from './scenarios.ts';

const { values } = parseArgs({ options: { data: { type: 'string', default: '.bench/sqlite-large' }, rounds: { type: 'string', default: '3' }, 'by-name': { type: 'boolean', default: false } } });
const dataDir = resolve(values.data ?? '.bench/sqlite-large');
if (!existsSync(resolve(dataDir, 'ballot-atlas.sqlite'))) throw new Error(`No database in ${dataDir}; run npm run bench first.`);
const app = await createApp(loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', PORT: '0', ABUSE_LIMITS: 'disabled' }), { web: false });
await app.server.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;

const REQUESTS = [
  ['candidates', 12, ['$id', 'name', 'electoralAreaId', 'districtId', 'regionId']],
  ['subregions', 4, ['$id', 'name', 'slug', 'regionId']],
  ['districts', 4, ['$id', 'name', 'slug', 'regionId']],
  ['electoral_areas', 4, ['$id', 'name', 'slug', 'regionId']],
] as const;

function url(collection: string, limit: number, fields: readonly string[], text: string): string {
  const queries = [{ method: 'search', attribute: 'name', values: [text] }, ...(values['by-name'] ? [{ method: 'orderAsc', attribute: 'name' }] : []), { method: 'select', values: fields }, { method: 'limit', values: [limit] }];
  return `${origin}/v1/databases/main/collections/${collection}/documents?total=false&${queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&')}`;
}

const typed = SEARCH_TERMS.flatMap((term) => Array.from({ length: Math.max(0, term.length - 1) }, (_, index) => term.slice(0, index + 2)));
const times = new Map<string, number[]>(REQUESTS.map(([collection]) => [collection, []]));
const cpuBefore = process.cpuUsage();
let sent = 0;
for (let round = 0; round < Number(values.rounds); round++) {
  for (const text of typed) {
    for (const [collection, limit, fields] of REQUESTS) {
      const started = performance.now();
      const response = await fetch(url(collection, limit, fields, text), { headers: { 'x-appwrite-project': 'ballot-atlas', 'accept-encoding': 'identity' } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${collection} "${text}": ${response.status}`);
      if (round > 0) times.get(collection)!.push(performance.now() - started);
      sent++;
    }
  }
}
const cpu = process.cpuUsage(cpuBefore);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
console.log(`\nSuggestions${values['by-name'] ? ' in name order (before decision 042)' : ''} on ${dataDir}: ${typed.length} typed prefixes (2 letters up to the whole name), ${Number(values.rounds) - 1} timed rounds after a warm-up; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}\n`);
console.log('| request per keystroke | p50 | p90 | p99 |\n|---|---|---|---|');
const all: number[] = [];
for (const [collection, list] of times) {
  const sorted = [...list].sort((a, b) => a - b);
  all.push(...list);
  console.log(`| ${collection} | ${percentile(sorted, 0.5).toFixed(2)} ms | ${percentile(sorted, 0.9).toFixed(2)} ms | ${percentile(sorted, 0.99).toFixed(2)} ms |`);
}
const sorted = all.sort((a, b) => a - b);
console.log(`| all four | ${percentile(sorted, 0.5).toFixed(2)} ms | ${percentile(sorted, 0.9).toFixed(2)} ms | ${percentile(sorted, 0.99).toFixed(2)} ms |`);
console.log(`\nprocess CPU (server and client) per request: ${((cpu.user + cpu.system) / 1000 / sent).toFixed(2)} ms; target: suggestions ≤ 3 ms server time p50 → ${percentile(sorted, 0.5) <= 3 ? 'PASS' : 'FAIL'}`);
await app.close();
