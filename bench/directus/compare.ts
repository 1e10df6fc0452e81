/**
 * Scenario (a) against Directus 12.4.0 side by side with ours. Directus is optional: without the
 * install made by bench/directus/setup.sh this prints how to get it and returns.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type ServerChild } from '../children.ts';
import { runLoad } from '../load.ts';
import type { LoadResult } from '../load-result.ts';
import { REPO_ROOT } from '../prepare.ts';
import { fmt, pairedRatios, summarize, table } from '../report.ts';
import { HEADERS } from '../scenarios.ts';

interface Install {
  node: string;
  directusDir: string;
  port: number;
  version: string;
  size: string;
}

export interface DirectusOptions {
  directusDir: string;
  dataDir: string;
  areas: { id: string; candidates: number }[];
  oursPaths: string[];
  connections: number;
  duration: number;
  warmup: number;
  rounds: number;
  rate?: number;
  log: (line: string) => void;
}

/** The REST call a Directus client makes for scenario (a), with the total count in meta. */
export function directusPath(area: string): string {
  return `/items/candidates?filter[electoralAreaId][_eq]=${encodeURIComponent(area)}&sort=name&limit=25&meta=filter_count`;
}

async function ping(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/server/ping`);
    return response.ok;
  } catch {
    return false;
  }
}

async function startDirectus(install: Install, log: (line: string) => void): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${install.port}`;
  if (await ping(url)) throw new Error(`something already answers on ${url}; stop it first (the benchmark starts Directus itself)`);
  const started = performance.now();
  const child = spawn(install.node, [join(install.directusDir, 'node_modules/.bin/directus'), 'start'], {
    cwd: install.directusDir,
    env: { ...process.env, PATH: `${join(install.node, '..')}:${process.env['PATH'] ?? ''}` },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`Directus exited with ${child.exitCode}:\n${stderr}`);
    if (await ping(url)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!(await ping(url))) {
    child.kill();
    throw new Error(`Directus did not answer /server/ping within 120 s:\n${stderr}`);
  }
  log(`directus: ${install.version} (pid ${child.pid}) up in ${((performance.now() - started) / 1000).toFixed(1)} s at ${url}`);
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function rssMiB(pid: number): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return `${(kb / 1024).toFixed(0)} MiB`;
  } catch {
    return '?';
  }
}

export async function runDirectusComparison(options: DirectusOptions): Promise<unknown> {
  const { log } = options;
  const marker = join(options.directusDir, 'bench.json');
  log(`\n## ours vs Directus, scenario (a)\n`);
  if (!existsSync(marker)) {
    log(`Directus is not installed in ${options.directusDir}: skipped.`);
    log('Install it (about 5 minutes: Node 22, directus@12.4.0, 1M rows) with:');
    log(`  bench/directus/setup.sh            # or DIRECTUS_DIR=/elsewhere bench/directus/setup.sh, then --directus-dir /elsewhere`);
    return undefined;
  }
  const install = JSON.parse(readFileSync(marker, 'utf8')) as Install;
  const directus = await startDirectus(install, log);
  let ours: ServerChild | undefined;
  try {
    ours = await startServer('ours', join(REPO_ROOT, 'bench/servers/ours.ts'), [options.dataDir]);
    const directusPaths = options.areas.map((area) => directusPath(area.id));

    // Same page and count on both sides (names only: Directus orders by name alone, we add _seq).
    for (let i = 0; i < options.areas.length; i++) {
      const mine = (await (await fetch(ours.baseUrl + options.oursPaths[i], { headers: HEADERS })).json()) as { total: number; documents: { name: string }[] };
      const response = await fetch(directus.url + directusPaths[i]);
      const theirs = (await response.json()) as { data?: { name: string }[]; meta?: { filter_count?: number }; errors?: unknown };
      if (!response.ok || !theirs.data) throw new Error(`Directus answered ${response.status} for ${directusPaths[i]}: ${JSON.stringify(theirs).slice(0, 400)}`);
      const count = Number(theirs.meta?.filter_count);
      const sameNames = mine.documents.map((document) => document.name).join('\n') === theirs.data.map((item) => item.name).join('\n');
      if (count !== Math.min(mine.total, 5000) || !sameNames) {
        throw new Error(`Directus and ours differ for area ${options.areas[i]?.id}: count ${count} vs ${mine.total}, names ${sameNames ? 'same' : 'differ'}`);
      }
    }
    const sample = await fetch(directus.url + directusPaths[0]);
    log(`  check: ${options.areas.length} areas, same 25 names and count on both (Directus body ${((await sample.arrayBuffer()).byteLength / 1024).toFixed(1)} KiB)`);

    const servers: Record<'ours' | 'directus', { baseUrl: string; paths: string[]; headers: Record<string, string>; pid: number }> = {
      ours: { baseUrl: ours.baseUrl, paths: options.oursPaths, headers: HEADERS, pid: ours.pid },
      directus: { baseUrl: directus.url, paths: directusPaths, headers: {}, pid: directus.pid },
    };
    const load = (name: 'ours' | 'directus', seconds: number) => runLoad({ ...servers[name], connections: options.connections, duration: seconds, ...(options.rate ? { rate: options.rate } : {}) });
    if (options.warmup > 0) {
      await load('ours', options.warmup);
      await load('directus', options.warmup);
    }
    const runs = { ours: [] as LoadResult[], directus: [] as LoadResult[] };
    for (let round = 0; round < options.rounds; round++) {
      const order: ('ours' | 'directus')[] = round % 2 === 0 ? ['ours', 'directus'] : ['directus', 'ours'];
      for (const name of order) {
        const result = await load(name, options.duration);
        runs[name].push(result);
        const failures = result.errors + result.non2xx + result.timeouts;
        log(`  round ${round + 1} ${name.padEnd(8)} ${fmt.rps(result.rps).padStart(6)} req/s  p50 ${fmt.ms(result.p50)}  p90 ${fmt.ms(result.p90)}  p99 ${fmt.ms(result.p99)}  max ${fmt.ms(result.max)}  server CPU ${fmt.cpu(result.cpuMsPerRequest)}/req${failures ? `  FAILURES ${failures}` : ''}`);
      }
    }
    const a = summarize(runs.ours);
    const b = summarize(runs.directus);
    log(`  Directus RSS after the runs: ${rssMiB(directus.pid)}`);
    log(
      `\n${table(
        ['scenario', 'ours req/s', 'ours p50', 'ours p99', 'Directus req/s', 'Directus p50', 'Directus p99', 'ours/Directus', 'per round', 'CPU/req ours', 'CPU/req Directus'],
        [['(a) list by electoral area', fmt.rps(a.rps), fmt.ms(a.p50), fmt.ms(a.p99), fmt.rps(b.rps), fmt.ms(b.p50), fmt.ms(b.p99), fmt.ratio(a.rps / b.rps), pairedRatios(runs.ours, runs.directus), fmt.cpu(a.cpuMs), fmt.cpu(b.cpuMs)]],
      )}`,
    );
    return runs;
  } finally {
    await ours?.stop();
    await directus.stop();
  }
}
