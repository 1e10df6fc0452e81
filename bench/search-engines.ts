/**
 * Scenario (b)'s searches on a dedicated in-process engine, as a reference point: MiniSearch over
 * the same names (folded the way the API folds them), every term required and the last a prefix,
 * the first 25 matches in directory order and the count capped at 5000 — against the two SQL
 * statements CollectionStore issues for the same request, on the same data, in the same process.
 *   npx node bench/search-engines.ts [--size large] [--repeat 7]
 */
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import MiniSearch from 'minisearch';
import { foldSearchText, searchTerms } from '../packages/shared/src/text/search-text.ts';
import { prepareDataset } from './prepare.ts';
import { SEARCH_TERMS } from './scenarios.ts';

const PAGE = 25;
const COUNT_CAP = 5000;

const { values } = parseArgs({ options: { size: { type: 'string', default: 'large' }, repeat: { type: 'string', default: '7' } } });
const repeat = Number(values.repeat);
const dataset = await prepareDataset(values.size);
const database = new Database(dataset.file, { readonly: true, fileMustExist: true });
database.pragma('cache_size = -65536');
database.pragma('mmap_size = 268435456');

const page = database.prepare(
  `select main_candidates.* from (select rowid as _match from main_candidates_fts_name where v match ?) as matched cross join main_candidates on _seq = matched._match order by matched._match asc limit ${PAGE}`,
);
const count = database.prepare(`select count(*) as total from (select rowid as _match from main_candidates_fts_name where v match ? limit ${COUNT_CAP}) as capped`);
const ftsMatch = (text: string) => {
  const terms = searchTerms(text);
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
};

const heapBefore = process.memoryUsage().heapUsed;
const builtAt = performance.now();
const engine = new MiniSearch<{ id: number; name: string }>({
  fields: ['name'],
  idField: 'id',
  // The API's folding and word split, so both engines see the same words.
  processTerm: (term) => term,
  tokenize: (text) => foldSearchText(text).split(' ').filter(Boolean),
});
const rows = database.prepare('select _seq as id, name from main_candidates').iterate() as IterableIterator<{ id: number; name: string }>;
const batch: { id: number; name: string }[] = [];
for (const row of rows) {
  batch.push(row);
  if (batch.length === 10_000) engine.addAll(batch.splice(0));
}
engine.addAll(batch);
const buildSeconds = (performance.now() - builtAt) / 1000;
const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 1024 ** 2;

function miniSearch(text: string): { ids: number[]; total: number } {
  const terms = searchTerms(text);
  const found = engine.search(terms.join(' '), { combineWith: 'AND', prefix: (_term, index, all) => index === all.length - 1 });
  const ids = found.map((result) => result.id as number).sort((a, b) => a - b);
  return { ids: ids.slice(0, PAGE), total: Math.min(ids.length, COUNT_CAP) };
}

function ours(text: string): { ids: number[]; total: number } {
  const match = ftsMatch(text);
  return { ids: (page.all(match) as { _seq: number }[]).map((row) => row._seq), total: (count.get(match) as { total: number }).total };
}

/** Median milliseconds of `repeat` runs per term, averaged over the terms. */
function timed(run: (text: string) => unknown): number {
  let sum = 0;
  for (const term of SEARCH_TERMS) {
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      run(term);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    sum += times[Math.floor(times.length / 2)]!;
  }
  return sum / SEARCH_TERMS.length;
}

for (const term of SEARCH_TERMS) {
  const a = ours(term);
  const b = miniSearch(term);
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`the engines disagree on "${term}": ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}
const sqlMs = timed(ours);
const miniMs = timed(miniSearch);
console.log(`${SEARCH_TERMS.length} terms on ${dataset.seedSummary || values.size}; same 25 ids and capped totals from both engines`);
console.log(`MiniSearch 7.2.0: index built in ${buildSeconds.toFixed(1)} s, ${heapMiB.toFixed(0)} MiB of heap`);
console.log('| engine | page 25 + count ≤ 5000, mean of per-term medians |');
console.log('|---|---|');
console.log(`| ours: FTS5-driven page + FTS count (the SQL CollectionStore issues) | ${sqlMs.toFixed(3)} ms |`);
console.log(`| MiniSearch in-process (all matches scored, then sorted by sequence) | ${miniMs.toFixed(3)} ms |`);
console.log(`ours/MiniSearch time: ${(sqlMs / miniMs).toFixed(2)}`);
database.close();
