/**
 * `npm run bench -- --lighthouse` (alone: `npx node bench/lighthouse.ts`): Lighthouse 12 with its
 * default mobile preset (Moto G class device, simulated slow 4G) on every kind of public page of
 * a production server seeded with the demo data, started the way `npm start` starts. Prints the
 * four category scores per page (the median of `--runs N` audits, 3 by default; `--pages a,b` for some pages only) and every audit that failed; writes the table as Markdown and the
 * raw scores as JSON under .bench/. A page whose route is not there yet (404) is skipped with a
 * line saying so. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { parseArgs } from 'node:util';
import { BENCH_CACHE, REPO_ROOT } from './prepare.ts';
import { buildWebIfNeeded } from '../scripts/web-build.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' }, pages: { type: 'string' } }, strict: false });
const RUNS = Math.max(1, Number.parseInt(String(options.runs), 10) || 3);
/** `--pages region,party`: only the pages of those names (all of them by default). */
const ONLY_PAGES = typeof options.pages === 'string' ? new Set(options.pages.split(',').map((name) => name.trim())) : null;
const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
const PROJECT = 'ballot-atlas';

interface PageScore {
  name: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  failing: string[];
}

async function startSite(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, SEED: 'demo', WORKERS: '1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/builds/latest.json`).then((response) => response.ok, () => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer within 180 s');
}

/** The first link on `path` whose href matches, as a path; null when there is none. */
async function firstLink(origin: string, path: string | null, pattern: RegExp): Promise<string | null> {
  if (path === null) return null;
  const response = await fetch(origin + path);
  if (!response.ok) return null;
  const html = await response.text();
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] as string).replaceAll('&amp;', '&');
    if (href.startsWith('/') && pattern.test(href)) return href;
  }
  return null;
}

async function candidateIds(origin: string, count: number): Promise<string[]> {
  const query = encodeURIComponent(JSON.stringify({ method: 'limit', values: [count] }));
  const response = await fetch(`${origin}/v1/databases/main/collections/candidates/documents?queries[0]=${query}`, { headers: { 'X-Appwrite-Project': PROJECT } });
  const body = (await response.json()) as { documents?: { $id: string }[] };
  return (body.documents ?? []).map((document) => document.$id);
}

/** Real addresses of each kind of page, found by following the site's own links from its lists. */
async function pagesToAudit(origin: string): Promise<[string, string | null][]> {
  const region = await firstLink(origin, '/Regions', /^\/[^/]+-region$/);
  const district = await firstLink(origin, region, /^\/districts\/Electoral-Area-in-/);
  const area = await firstLink(origin, district, /-candidates-of-the-.+-region$/);
  const candidate = await firstLink(origin, area, /^\/candidate\//);
  const party = await firstLink(origin, '/political-parties', /^\/political-parties\/[^/?]+$/);
  const candidateName = candidate ? /<h1[^>]*>([^<]+)</.exec(await (await fetch(origin + candidate)).text())?.[1] : undefined;
  // My ballot in three taps: a region, a district, then an electoral area's ballot.
  const ballotRegion = await firstLink(origin, '/my-ballot', /^\/my-ballot\?region=/);
  const ballotDistrict = await firstLink(origin, ballotRegion, /^\/my-ballot\?district=/);
  const myBallot = await firstLink(origin, ballotDistrict, /^\/my-ballot\/[^/?]+/);
  const ids = await candidateIds(origin, 3);
  return [
    ['home', '/'],
    ['regions', '/Regions'],
    ['region', region],
    ['district', district],
    ['electoral area', area],
    ['candidate', candidate],
    ['parties', '/political-parties'],
    ['party', party],
    ['calendar', '/eventCalendar'],
    ['search results', `/search?q=${encodeURIComponent(candidateName?.split(' ')[0] ?? 'a')}`],
    ['contact', '/Contact'],
    ['about', '/About'],
    ['my ballot', '/my-ballot'],
    ['my ballot (a place)', myBallot],
    ['compare', ids.length >= 2 ? `/compare?ids=${ids.join(',')}` : null],
  ];
}

/** Lighthouse's own advice on a failed trace (NO_NAVSTART, NO_FCP…) is to run it again; twice more at most. */
const ATTEMPTS = 3;

async function auditOnce(port: number, url: string): Promise<{ scores: PageScore['scores']; failing: string[] }> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return summary(lhr);
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.log(`  ${lhr.runtimeError.code}; running it again`);
  }
}

/** `runs` audits of the page; the one with the median performance score stands for it (scores move between runs). */
async function audit(port: number, url: string, runs: number): Promise<{ scores: PageScore['scores']; failing: string[] }> {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await auditOnce(port, url));
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return results[Math.floor(results.length / 2)]!;
}

function summary(lhr: LighthouseResult): { scores: PageScore['scores']; failing: string[] } {
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as PageScore['scores'];
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    for (const reference of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[reference.id];
      if (!result || reference.weight === 0 || result.score === null || result.score >= 0.9) continue;
      failing.push(`${category}: ${reference.id} (${Math.round(result.score * 100)}${result.displayValue ? `, ${result.displayValue}` : ''})`);
    }
  }
  return { scores, failing };
}

function markdown(rows: PageScore[], skipped: string[], started: Date, chromeVersion: string): string {
  const lines = [
    `### Lighthouse, mobile preset (${started.toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
    '',
    `\`npm run bench -- --lighthouse\`: Lighthouse 12.2.3, default mobile preset (simulated slow 4G, 4× CPU slowdown), ${chromeVersion} headless, the median of ${RUNS} runs per page (by performance) against a demo-seeded production server (\`scripts/start.ts\`, SQLite, one worker) on this machine.`,
    '',
    '| page | path | performance | accessibility | best practices | SEO |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.name} | \`${row.path.length > 60 ? `${row.path.slice(0, 57)}…` : row.path}\` | ${row.scores.performance} | ${row.scores.accessibility} | ${row.scores['best-practices']} | ${row.scores.seo} |`),
    '',
  ];
  const failing = rows.filter((row) => row.failing.length);
  if (failing.length) {
    lines.push('Audits below 90 (weighted ones only):', '');
    for (const row of failing) lines.push(`- ${row.name}: ${row.failing.join('; ')}`);
    lines.push('');
  }
  if (skipped.length) lines.push(...skipped.map((line) => `- skipped: ${line}`), '');
  return lines.join('\n');
}

buildWebIfNeeded();
const started = new Date();
const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'ballot-atlas-lighthouse-'));
const site = await startSite(port, dataDir);
const origin = `http://127.0.0.1:${port}`;
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
try {
  const chromeVersion = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
  const rows: PageScore[] = [];
  const skipped: string[] = [];
  for (const [name, path] of await pagesToAudit(origin)) {
    if (ONLY_PAGES && !ONLY_PAGES.has(name)) continue;
    if (path === null) {
      skipped.push(`${name}: no address found by following the site's links`);
      console.log(`skip ${name}: no address found`);
      continue;
    }
    const status = (await fetch(origin + path)).status;
    if (status !== 200) {
      skipped.push(`${name} (${path}) answered ${status}`);
      console.log(`skip ${name}: ${path} answered ${status}`);
      continue;
    }
    const { scores, failing } = await audit(chrome.port, origin + path, RUNS);
    rows.push({ name, path, scores, failing });
    console.log(`${name.padEnd(20)} ${CATEGORIES.map((category) => `${category} ${scores[category]}`).join('  ')}${failing.length ? `\n  ${failing.join('\n  ')}` : ''}`);
  }
  const report = markdown(rows, skipped, started, chromeVersion);
  mkdirSync(BENCH_CACHE, { recursive: true });
  writeFileSync(join(BENCH_CACHE, 'lighthouse.md'), report);
  writeFileSync(join(BENCH_CACHE, 'lighthouse.json'), `${JSON.stringify({ started: started.toISOString(), chromeVersion, rows, skipped }, null, 2)}\n`);
  console.log(`\n${report}\n(written to ${join(BENCH_CACHE, 'lighthouse.md')} and lighthouse.json)`);
} finally {
  chrome.kill();
  site.kill('SIGTERM');
  await new Promise((resolve) => site.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
