/**
 * The site's performance budget (issue: first-load JavaScript of a directory page ≤ 150 KB gzip;
 * server-side render of a candidate list page on the 1M-candidate database ≤ 30 ms median).
 *   npx node bench/web-budget.ts [--data .bench/sqlite-large] [--requests 60]
 * The data dir must hold a seeded database (`npm run bench` prepares .bench/sqlite-large).
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { modulesOfPage } from '../apps/web/app/lib/page-bootstrap.server.ts';
import { startSiteOnData } from './site-on-data.ts';

process.env['NODE_ENV'] ??= 'production';
const { values } = parseArgs({ options: { data: { type: 'string', default: '.bench/sqlite-large' }, requests: { type: 'string', default: '60' } } });
const dataDir = resolve(values.data ?? '.bench/sqlite-large');
const { app, origin } = await startSiteOnData(dataDir);
const api = async (collection: string, queries: object[]) => {
  const search = queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&');
  const response = await fetch(`${origin}/v1/databases/main/collections/${collection}/documents?${search}`, { headers: { 'X-Appwrite-Project': 'ballot-atlas' } });
  return ((await response.json()) as { documents: Record<string, string>[] }).documents;
};

async function firstLoadJavaScript(path: string): Promise<number> {
  const html = await (await fetch(origin + path, { headers: { 'user-agent': 'Mozilla/5.0 budget' } })).text();
  const scripts = new Set(modulesOfPage(html));
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(Buffer.from(await (await fetch(origin + script)).arrayBuffer())).length;
  return bytes;
}

/**
 * Response times, and the process's CPU time per request (site, API and this client share the
 * process): on a busy shared machine the wall time grows with the queue for the cores, the CPU
 * time much less, so it tells a slower machine from slower code.
 */
async function medianRender(paths: string[], count: number, acceptEncoding = 'identity'): Promise<{ median: number; p90: number; cpuMedian: number }> {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let index = 0; index < count + 10; index++) {
    const path = paths[index % paths.length] as string;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const response = await fetch(origin + path, { headers: { 'user-agent': 'Mozilla/5.0 budget', 'accept-encoding': acceptEncoding } });
    await response.arrayBuffer();
    const cpu = process.cpuUsage(cpuBefore);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (index < 10) continue;
    times.push(performance.now() - started);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  times.sort((a, b) => a - b);
  return { median: median(times), p90: times[Math.floor(times.length * 0.9)] as number, cpuMedian: median(cpuTimes) };
}

const regions = await api('regions', [{ method: 'limit', values: [10] }]);
const areas = await api('electoral_areas', [{ method: 'limit', values: [8] }, { method: 'offset', values: [100] }]);
const districts = await api('districts', [{ method: 'limit', values: [8] }, { method: 'offset', values: [20] }]);
const regionSlug = new Map(regions.map((region) => [region['$id'], region['slug']]));
const areaPages = areas.map((area) => `/${encodeURIComponent(area['slug'] as string)}-candidates-of-the-${encodeURIComponent(regionSlug.get(area['regionId']) as string)}-region`);
const districtPages = districts.map((district) => `/districts/All-Candidates-of-${encodeURIComponent(district['slug'] as string)}`);
const regionPages = regions.slice(0, 8).map((region) => `/${encodeURIComponent(region['slug'] as string)}-region`);
const ballotPages = areas.map((area) => `/my-ballot/${encodeURIComponent(area['slug'] as string)}`);
const candidateIds = (await api('candidates', [{ method: 'limit', values: [24] }, { method: 'offset', values: [5000] }])).map((candidate) => candidate['$id'] as string);
const comparePages = Array.from({ length: 8 }, (_, index) => `/compare?ids=${candidateIds.slice(index * 3, index * 3 + 3).join(',')}`);
const count = Number(values.requests);

const rows: string[] = [];
for (const [label, path] of [['home', '/'], ['electoral area candidates', areaPages[0]], ['district candidates', districtPages[0]], ['regions', '/Regions']] as const) {
  const bytes = await firstLoadJavaScript(path as string);
  rows.push(`| first-load JS, ${label} | ${(bytes / 1024).toFixed(1)} KB gzip | ≤ 150 KB | ${bytes <= 150 * 1024 ? 'PASS' : 'FAIL'} |`);
}
// Rendering alone (identity), against issue 3's 30 ms and issue 18's 20 ms; then the same pages as a
// browser asks for them (Brotli, quality 4, per response): the difference is the cost of compressing.
for (const [label, paths] of [['SSR electoral area candidates (median of ' + count + ')', areaPages], ['SSR district candidates, all offices (median of ' + count + ')', districtPages]] as const) {
  const { median, p90, cpuMedian } = await medianRender(paths, count);
  rows.push(`| ${label} | ${median.toFixed(1)} ms (p90 ${p90.toFixed(1)} ms; CPU ${cpuMedian.toFixed(1)} ms) | ≤ 30 ms; ≤ 20 ms | ${median <= 30 ? 'PASS' : 'FAIL'}; ${median <= 20 ? 'PASS' : 'FAIL'} |`);
  const compressed = await medianRender(paths, count, 'br');
  const bytes = (await (await fetch(origin + paths[0], { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
  rows.push(`| ${label}, Brotli as browsers ask (HTML ${(bytes / 1024).toFixed(0)} KB) | ${compressed.median.toFixed(1)} ms (CPU ${compressed.cpuMedian.toFixed(1)} ms): compressing costs ${(compressed.cpuMedian - cpuMedian).toFixed(1)} ms of CPU | — | |`);
}
// The pages issue 17 added or redrew (maps, at-a-glance charts, My ballot, compare): no budget of their own, measured the same way.
for (const [label, paths] of [['home (region map)', ['/']], ['region (map of its sub-regions, charts)', regionPages], ['My ballot for an electoral area', ballotPages], ['compare, three candidates', comparePages]] as const) {
  const bytes = await firstLoadJavaScript(paths[0] as string);
  const { median, p90, cpuMedian } = await medianRender([...paths], count);
  rows.push(`| SSR ${label} (median of ${count}); first-load JS ${(bytes / 1024).toFixed(1)} KB gzip | ${median.toFixed(1)} ms (p90 ${p90.toFixed(1)} ms; CPU ${cpuMedian.toFixed(1)} ms) | — | |`);
}
console.log(`\nWeb budget on ${dataDir} — ${new Date().toISOString()}, load average at the end ${loadavg().map((load) => load.toFixed(2)).join(' ')}\n\n| measure | value | budget | |\n|---|---|---|---|\n${rows.join('\n')}`);
await app.close();
