/**
 * Per-process capacity, the inputs of docs/deploy.md's capacity plan (issue 16, item 6):
 * server CPU per page view, per API read and per result write (the write, its outbox row and the
 * `tally-race` function it triggers, whose worker processes are counted), and the memory of one
 * idle process. CPU per operation is what the plan scales by: on this shared 2-core machine it
 * moves far less than throughput does.
 *   npx node bench/capacity.ts [--size 100000] [--duration 10] [--connections 8] [--writes 20]
 *   npm run bench -- --capacity
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { buildWebIfNeeded } from '../scripts/web-build.ts';
import { startServer } from './children.ts';
import { processTree, runLoad, treeCpuSeconds } from './load.ts';
import { prepareDataset } from './prepare.ts';
import { fmt, table } from './report.ts';
import { buildScenarios, DOCUMENTS_PATH, HEADERS, sampleInputs } from './scenarios.ts';

process.env['NODE_ENV'] ??= 'production';
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    writes: { type: 'string', default: '20' },
  },
  strict: false,
});
const duration = Number(values['duration']);
const connections = Number(values['connections']);
const writesPerSecond = Number(values['writes']);
const API_KEY = 'capacity-bench-key-0123456789abcdefghijklmnop';

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const dataset = await prepareDataset(String(values['size']));
buildWebIfNeeded();
const inputs = sampleInputs(dataset.file);
const server = await startServer('ours', 'bench/servers/ours.ts', [dataset.dataDir, JSON.stringify({ WEB: '1', API_KEY, SEED: 'none' })]);
const headers = { ...HEADERS, 'user-agent': 'Mozilla/5.0 capacity-bench' };

/** Directory pages by kind, from the site's own sitemap (the addresses a search engine and a visitor follow). */
async function pagesFromSitemap(): Promise<{ areas: string[]; candidates: string[] }> {
  const locations = async (path: string) => [...(await (await fetch(server.baseUrl + path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
  const parts = await locations('/sitemap.xml');
  const pages: string[] = [];
  for (const part of parts.slice(0, 6)) pages.push(...(await locations(part)));
  const candidates = pages.filter((path) => path.startsWith('/candidate/')).slice(0, 200);
  const areas = pages.filter((path) => /-candidates-of-the-.+-region$/.test(path)).slice(0, 40);
  return { areas, candidates };
}

/** Results pages of one race per electoral area (member of parliament, the coming election): the page election night sends most visitors to. */
function resultsPages(file: string): string[] {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = database
      .prepare(
        `select e.slug as election, o.slug as office, a.slug as place from main_candidates c
         join main_electoral_areas a on a._uid = c."electoralAreaId" join main_offices o on o._uid = c."officeId" join main_elections e on e._uid = c."electionId"
         where o.level = 'electoral_area' group by e.slug, o.slug, a.slug order by count(*) desc limit 40`,
      )
      .all() as { election: string; office: string; place: string }[];
    return rows.map((row) => `/results/${encodeURIComponent(row.election)}/${encodeURIComponent(row.office)}/${encodeURIComponent(row.place)}`);
  } finally {
    database.close();
  }
}

const idleRss = rssMiB(server.pid);
const sitemapPages = await pagesFromSitemap();
const scenarios = buildScenarios(inputs);
const measured: { name: string; paths: string[]; headers: Record<string, string> }[] = [
  { name: 'page view: home', paths: ['/'], headers },
  { name: 'page view: electoral area candidates', paths: sitemapPages.areas, headers },
  { name: 'page view: candidate', paths: sitemapPages.candidates, headers },
  { name: 'page view: race results', paths: resultsPages(dataset.file), headers },
  { name: 'API: list by electoral area (scenario a)', paths: scenarios.find((scenario) => scenario.key === 'a')!.paths, headers: HEADERS },
  { name: 'API: get by id (scenario c)', paths: scenarios.find((scenario) => scenario.key === 'c')!.paths, headers: HEADERS },
];

const rows: string[][] = [];
const figures: Record<string, { cpuMs: number; rps: number }> = {};
for (const { name, paths, headers: requestHeaders } of measured) {
  if (paths.length === 0) throw new Error(`${name}: no paths found`);
  await runLoad({ baseUrl: server.baseUrl, paths, headers: requestHeaders, connections, duration: 2, pid: server.pid });
  const result = await runLoad({ baseUrl: server.baseUrl, paths, headers: requestHeaders, connections, duration, pid: server.pid });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  figures[name] = { cpuMs: result.cpuMsPerRequest ?? NaN, rps: result.rps };
  rows.push([name, String(paths.length), fmt.rps(result.rps), fmt.ms(result.p50), fmt.ms(result.p99), (result.cpuMsPerRequest ?? NaN).toFixed(2)]);
}

/** Result writes at a fixed rate: each sets one candidate's votes, as the console's results entry does. */
async function resultWrites(): Promise<{ cpuMs: number; p50: number; failures: number; count: number }> {
  const ids = inputs.ids.slice(0, 200);
  const latencies: number[] = [];
  let failures = 0;
  const count = writesPerSecond * duration;
  const cpuBefore = treeCpuSeconds(server.pid);
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const due = started + (index * 1000) / writesPerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const id = ids[index % ids.length] as string;
    pending.push(
      fetch(`${server.baseUrl}${DOCUMENTS_PATH}/${id}`, {
        method: 'PATCH',
        headers: { ...HEADERS, 'content-type': 'application/json', 'x-appwrite-key': API_KEY },
        body: JSON.stringify({ data: { votes: 1000 + index } }),
      }).then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  // The functions the writes triggered run after the answers; give them time to finish before reading the CPU.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const cpuMs = ((treeCpuSeconds(server.pid) - cpuBefore) * 1000) / count;
  latencies.sort((a, b) => a - b);
  return { cpuMs, p50: latencies[Math.floor(latencies.length / 2)] ?? NaN, failures, count };
}

const writes = await resultWrites();
rows.push([`result write (votes + tally-race), ${writesPerSecond}/s open loop`, '200 ids', `${writesPerSecond}`, fmt.ms(writes.p50), '', writes.cpuMs.toFixed(2)]);
const busyRss = processTree(server.pid).reduce((sum, member) => sum + rssMiB(member), 0);
await server.stop();

console.log(`\ncapacity, ${new Date().toISOString()}, data ${dataset.size} candidates, ${connections} connections × ${duration} s, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
console.log(table(['operation', 'paths', 'req/s', 'p50', 'p99', 'server CPU ms/op'], rows));
console.log(`result writes: ${writes.count} sent, ${writes.failures} failed; CPU includes function workers (process tree)`);
console.log(`memory: idle server ${idleRss.toFixed(0)} MiB RSS; after the run, server and its workers ${busyRss.toFixed(0)} MiB`);
console.log(JSON.stringify({ figures, writes, idleRss, busyRss }));
