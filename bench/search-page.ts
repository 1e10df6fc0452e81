/**
 * The site's search results page on the 1M-candidate data set: every term of scenario (b), as a
 * visitor opens it (all kinds, five candidates by name) and with the candidates tab chosen (twenty).
 *   npx node bench/search-page.ts [--data .bench/sqlite-large] [--rounds 2]
 * Site and API in one process, sequential requests; the first round warms up. CPU is the process's
 * (site, API and this client): on a busy shared machine it tells slower code from a slower machine.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SEARCH_TERMS } from './scenarios.ts';
import { startSiteOnData } from './site-on-data.ts';

process.env['NODE_ENV'] ??= 'production';
const { values } = parseArgs({ options: { data: { type: 'string', default: '.bench/sqlite-large' }, rounds: { type: 'string', default: '2' } }, strict: false });
const dataDir = resolve(String(values.data ?? '.bench/sqlite-large'));
const { app, origin } = await startSiteOnData(dataDir);

const rounds = Number(values.rounds);
const rows: string[] = [];
for (const [label, suffix] of [['all kinds', ''], ['candidates tab', '&type=candidates']] as const) {
  const times: number[] = [];
  const cpuTimes: number[] = [];
  const slowest: [string, number][] = [];
  for (let round = 0; round <= rounds; round++) {
    for (const term of SEARCH_TERMS) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const response = await fetch(`${origin}/search?q=${encodeURIComponent(term)}${suffix}`, { headers: { 'accept-encoding': 'identity' } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`search for ${term} answered ${response.status}`);
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      if (round === 0) continue;
      times.push(elapsed);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      slowest.push([term, elapsed]);
    }
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  slowest.sort((a, b) => b[1] - a[1]);
  const at = (sorted: number[], share: number) => (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] as number).toFixed(1);
  rows.push(`| ${label} | ${at(times, 0.5)} ms | ${at(times, 0.9)} ms | ${at(cpuTimes, 0.5)} ms / ${at(cpuTimes, 0.9)} ms | ${slowest.slice(0, 3).map(([term, elapsed]) => `${term} ${elapsed.toFixed(0)}`).join(', ')} ms |`);
}
console.log(`\nSearch results page on ${dataDir} — ${new Date().toISOString()}, ${SEARCH_TERMS.length} terms × ${rounds} rounds, load average at the end ${loadavg().map((load) => load.toFixed(2)).join(' ')}\n\n| page | median | p90 | CPU median / p90 | slowest |\n|---|---|---|---|---|\n${rows.join('\n')}`);
await app.close();
