/**
 * Scenarios (a)–(c) against Parse Server 9 on the same PostgreSQL, rows and equivalent indexes, side
 * by side with ours. Parse is optional: without the install made by bench/parse/setup.sh this prints
 * how to get it and returns. Scenario (b) runs on the terms Parse answers like ours (see parseTsQuery).
 */
import { join } from 'node:path';
import type pg from 'pg';
import { startServer, type ServerChild } from '../children.ts';
import type { PostgresDataset } from '../postgres/dataset.ts';
import { alternate, postgresCpuOf, type Target } from '../postgres/measure.ts';
import { REPO_ROOT } from '../prepare.ts';
import { fmt, pairedRatios, summarize, table } from '../report.ts';
import { HEADERS, type Scenario } from '../scenarios.ts';
import { PARSE_CLASS, readInstall, startParse, type ParseServer } from './install.ts';

const TARGET_RATIO = 3;

/**
 * The tsquery a Parse client can send for a search: the words as typed, lower-cased, the last one a
 * prefix. Parse's `$text` is `to_tsvector(lang, name) @@ to_tsquery(lang, term)` and cannot fold
 * accents or apostrophes on the indexed side (it refuses `$diacriticSensitive: false` without the
 * unaccent extension), so `munoz` misses Muñoz: terms whose matches differ from ours are left out.
 */
export function parseTsQuery(text: string): string | undefined {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length ? words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ') : undefined;
}

export interface ParseComparisonOptions {
  parseDir: string;
  dataset: PostgresDataset;
  scenarios: readonly Scenario[];
  admin: pg.Client;
  settings: { connections: number; duration: number; warmup: number; rounds: number };
  log: (line: string) => void;
}

/** The REST call a Parse client (Parse.Query equalTo + ascending + limit + count) makes for one area. */
export function parseAreaPath(area: string): string {
  const params = new URLSearchParams({ where: JSON.stringify({ electoralAreaId: area }), order: 'name', limit: '25', count: '1' });
  return `/classes/${PARSE_CLASS}?${params}`;
}

export function parseGetPath(id: string): string {
  return `/classes/${PARSE_CLASS}/${encodeURIComponent(id)}`;
}

/**
 * Ours pages a search in match (sequence) order; the seeded ids grow with the sequence, so Parse's
 * `order=objectId` asks for the same page (without an order PostgreSQL may start its scan anywhere).
 */
export function parseSearchPath(term: string): string {
  const where = { name: { $text: { $search: { $term: parseTsQuery(term), $language: 'simple' } } } };
  return `/classes/${PARSE_CLASS}?${new URLSearchParams({ where: JSON.stringify(where), order: 'objectId', limit: '25', count: '1' })}`;
}

/** Ours' path of a scenario request → the equivalent Parse path. */
function parsePath(scenario: Scenario, path: string): string {
  const url = new URL(path, 'http://x');
  if (scenario.key === 'c') return parseGetPath(decodeURIComponent(url.pathname.split('/').at(-1)!));
  const queries = [...url.searchParams.values()].map((value) => JSON.parse(value) as { method: string; values: string[] });
  const value = queries.find((query) => query.method === (scenario.key === 'a' ? 'equal' : 'search'))!.values[0]!;
  return scenario.key === 'a' ? parseAreaPath(value) : parseSearchPath(value);
}

type Json = Record<string, unknown>;

/** Where Parse's answer differs from ours (names, or every attribute for a get, and count), or undefined. */
function difference(scenario: Scenario, mine: Json, theirs: Json): string | undefined {
  if (scenario.key === 'c') {
    const differing = Object.keys(mine).filter((key) => !key.startsWith('$') && JSON.stringify(mine[key] ?? null) !== JSON.stringify(theirs[key] ?? null));
    return mine['$id'] !== theirs['objectId'] || differing.length ? `attributes ${differing.join(', ')}` : undefined;
  }
  const names = (list: unknown) => (list as { name: string }[]).map((document) => document.name).join('\n');
  // Ours caps the count at 5000; Parse counts every match.
  const count = Math.min(Number(theirs['count']), 5000);
  if (count !== Number(mine['total'])) return `count ${String(theirs['count'])} vs ${String(mine['total'])}`;
  return names(mine['documents']) === names(theirs['results']) ? undefined : 'names differ';
}

/**
 * The request pairs whose answers agree (for (a) and (c) every one must; for (b) a term Parse
 * cannot fold is dropped and reported), checked on at most 40 of them.
 */
async function comparablePairs(scenario: Scenario, ours: ServerChild, parse: ParseServer, log: (line: string) => void): Promise<{ ours: string[]; parse: string[] }> {
  const pairs = { ours: [] as string[], parse: [] as string[] };
  const dropped: string[] = [];
  let bytes = 0;
  const sample = scenario.key === 'b' ? scenario.paths : scenario.paths.slice(0, 40);
  for (const path of sample) {
    const theirPath = parsePath(scenario, path);
    const mine = (await (await fetch(ours.baseUrl + path, { headers: HEADERS })).json()) as Json;
    const response = await fetch(parse.url + theirPath, { headers: parse.headers });
    const text = await response.text();
    if (!response.ok) throw new Error(`Parse answered ${response.status} for ${theirPath}: ${text.slice(0, 400)}`);
    bytes += Buffer.byteLength(text);
    const differs = difference(scenario, mine, JSON.parse(text) as Json);
    if (differs && scenario.key !== 'b') throw new Error(`Parse and ours differ for ${theirPath}: ${differs}`);
    if (differs) {
      dropped.push(`${JSON.parse(new URL(path, 'http://x').searchParams.get('queries[0]')!).values[0]} (${differs})`);
    } else {
      pairs.ours.push(path);
      pairs.parse.push(`/parse${theirPath}`);
    }
  }
  const checked = sample.length;
  log(`  check: ${checked} requests, ${checked - dropped.length} with the same ${scenario.key === 'c' ? 'attributes' : '25 names and count'} on both (Parse body ${(bytes / checked / 1024).toFixed(1)} KiB on average)`);
  if (dropped.length) log(`  left out, Parse finds other rows: ${dropped.join('; ')}`);
  if (scenario.key !== 'b') return { ours: [...scenario.paths], parse: scenario.paths.map((path) => `/parse${parsePath(scenario, path)}`) };
  return pairs;
}

export async function runParseComparison(options: ParseComparisonOptions): Promise<void> {
  const { log, dataset } = options;
  log(`\n## ours vs Parse Server on PostgreSQL\n`);
  const install = readInstall(options.parseDir);
  if (!install || install.size !== dataset.size) {
    log(`Parse Server is not installed in ${options.parseDir}${install ? ` for size ${dataset.size} (it holds ${install.size})` : ''}: skipped.`);
    log(`Install it (parse-server 9 from npm, the same rows copied into its PostgreSQL database) with:`);
    log(`  BENCH_SIZE=${dataset.size} bench/parse/setup.sh      # or PARSE_DIR=/elsewhere …, then --parse-dir /elsewhere`);
    return;
  }
  const parse = await startParse(install, log);
  let ours: ServerChild | undefined;
  const rows: string[][] = [];
  const targets: string[][] = [];
  try {
    ours = await startServer('ours', join(REPO_ROOT, 'bench/servers/ours.ts'), [dataset.dataDir, JSON.stringify({ DATABASE_URL: dataset.databaseUrl, DATABASE_SCHEMA: dataset.schema })]);
    for (const scenario of options.scenarios) {
      log(`\n${scenario.title}`);
      const paths = await comparablePairs(scenario, ours, parse, log);
      const pair: Target[] = [
        { name: 'ours', baseUrl: ours.baseUrl, paths: paths.ours, headers: HEADERS, pid: ours.pid },
        { name: 'parse', baseUrl: parse.url.replace(/\/parse$/, ''), paths: paths.parse, headers: parse.headers, pid: parse.pid },
      ];
      const runs = await alternate(options.admin, pair, options.settings, log);
      const [a, b] = [summarize(runs.get('ours')!), summarize(runs.get('parse')!)];
      const ratio = a.rps / b.rps;
      const label = scenario.key === 'b' ? `(b) search(name), limit 25 — ${paths.ours.length} terms` : scenario.title.split(' — ')[0]!;
      rows.push([label, fmt.rps(a.rps), fmt.ms(a.p50), fmt.ms(a.p99), fmt.rps(b.rps), fmt.ms(b.p50), fmt.ms(b.p99), fmt.ratio(ratio), pairedRatios(runs.get('ours')!, runs.get('parse')!), fmt.cpu(a.cpuMs), fmt.cpu(b.cpuMs), fmt.cpu(postgresCpuOf(runs.get('ours')!)), fmt.cpu(postgresCpuOf(runs.get('parse')!))]);
      targets.push([`(${scenario.key}) ours/Parse ≥ ${TARGET_RATIO}`, fmt.ratio(ratio), ratio >= TARGET_RATIO ? 'PASS' : `FAIL (${((1 - ratio / TARGET_RATIO) * 100).toFixed(0)}% short)`]);
      if (b.failures) targets.push([`(${scenario.key}) Parse answered every request`, `${b.failures} failed`, 'note']);
    }
  } finally {
    await ours?.stop();
    await parse.stop();
  }
  log(`\n${table(['scenario', 'ours req/s', 'ours p50', 'ours p99', 'Parse req/s', 'Parse p50', 'Parse p99', 'ours/Parse', 'per round', 'server CPU/req ours', 'Parse', 'PostgreSQL CPU/req ours', 'Parse'], rows)}`);
  log(`\n## targets (Parse ${install.version})\n\n${table(['target', 'measured', 'result'], targets)}`);
}
