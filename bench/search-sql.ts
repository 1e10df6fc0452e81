/**
 * Where scenario (b)'s time goes: the SQL CollectionStore issues for `Query.search('name', term)`
 * (page + capped count) timed directly on the cached 1M data set, next to equivalent forms.
 *   npx node bench/search-sql.ts [--size large] [--repeat 5]
 * The "fts only" count is only equivalent when search is the sole filter and the read condition
 * is `read("any")` (contentless FTS rows are deleted with their document).
 */
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { searchTerms } from '../packages/shared/src/text/search-text.ts';
import { prepareDataset } from './prepare.ts';
import { SEARCH_TERMS } from './scenarios.ts';

const { values } = parseArgs({ options: { size: { type: 'string', default: 'large' }, repeat: { type: 'string', default: '5' } } });
const dataset = await prepareDataset(values.size);
const database = new Database(dataset.file, { readonly: true, fileMustExist: true });
database.pragma('cache_size = -65536');
database.pragma('mmap_size = 268435456');

const columns = 'main_candidates.*';
const variants: Record<string, string> = {
  'page, before decision 042: _seq in (fts) order by _seq': `select ${columns} from main_candidates where _seq in (select rowid from main_candidates_fts_name where v match ?) order by "_seq" asc limit 25 offset 0`,
  'page, now: join in fts rowid order': `select ${columns} from main_candidates_fts_name f join main_candidates on main_candidates._seq = f.rowid where f.v match ? order by f.rowid asc limit 25 offset 0`,
  'count with other filters, before: _seq in (fts), cap 5000': `select count(*) as total from (select 1 from main_candidates where _seq in (select rowid from main_candidates_fts_name where v match ?) limit 5000) as capped`,
  'count with other filters, now: join, cap 5000': `select count(*) as total from (select 1 from main_candidates_fts_name f join main_candidates c on c._seq = f.rowid where f.v match ? limit 5000) as capped`,
  'count of a lone search (both): fts only, cap 5000': `select count(*) as total from (select 1 from main_candidates_fts_name where v match ? limit 5000) as capped`,
};
const match = (text: string) => {
  const terms = searchTerms(text);
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
};
const repeat = Number(values.repeat);
const statements = Object.entries(variants).map(([name, text]) => ({ name, statement: database.prepare(text), plan: (database.prepare(`explain query plan ${text}`).all('"x"') as { detail: string }[]).map((row) => row.detail).join('; ') }));

// Same answers first.
for (const term of SEARCH_TERMS) {
  const [pageA, pageB, countA, countB, countC] = statements.map(({ statement }) => JSON.stringify(statement.all(match(term))));
  if (pageA !== pageB || countA !== countB || countA !== countC) throw new Error(`variants disagree for "${term}"`);
}
const matches = database.prepare('select count(*) as n from main_candidates_fts_name where v match ?');
console.log(`${SEARCH_TERMS.length} terms, ${SEARCH_TERMS.map((term) => (matches.get(match(term)) as { n: number }).n).join('/')} matches each; median of ${repeat} runs per term, mean over terms:\n`);
for (const { name, statement, plan } of statements) {
  let sum = 0;
  for (const term of SEARCH_TERMS) {
    const times: number[] = [];
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      statement.all(match(term));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    sum += times[Math.floor(times.length / 2)]!;
  }
  console.log(`${(sum / SEARCH_TERMS.length).toFixed(2).padStart(7)} ms  ${name}\n           plan: ${plan}`);
}
database.close();
