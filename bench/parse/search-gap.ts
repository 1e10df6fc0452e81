/**
 * `npx node bench/parse/search-gap.ts [size]`: which search terms Parse can answer like ours. For each
 * benchmark search term, how many candidates our full-text search finds (folded terms, last one a
 * prefix, capped at nothing here) against what Parse's `$text` finds on the same names: the
 * PostgreSQL expression Parse's adapter builds, `to_tsvector('simple', name) @@ to_tsquery('simple',
 * term)`, with the term lower-cased but not folded (Parse cannot fold the indexed side). One scan.
 */
import pg from 'pg';
import { BENCH_SCHEMA, databaseName, databaseUrl } from '../postgres/dataset.ts';
import { postgresTsQuery } from '../servers/raw-list-request.ts';
import { fmt, table } from '../report.ts';
import { SEARCH_TERMS } from '../scenarios.ts';
import { parseTsQuery } from './compare.ts';

const client = new pg.Client({ connectionString: databaseUrl(databaseName(process.argv[2] ?? 'large')) });
await client.connect();
try {
  const terms = SEARCH_TERMS.map((term) => ({ term, ours: postgresTsQuery(term)!, parse: parseTsQuery(term)! }));
  const started = performance.now();
  const ours: number[] = [];
  for (const { ours: query } of terms) ours.push(Number((await client.query<{ n: string }>(`select count(*) as n from "${BENCH_SCHEMA}".main_candidates_fts_name where v @@ to_tsquery('simple', $1)`, [query])).rows[0]!.n));
  const filters = terms.map((_, index) => `count(*) filter (where v @@ to_tsquery('simple', $${index + 1})) as t${index}`).join(', ');
  const parseCounts = (await client.query<Record<string, string>>(`select ${filters} from (select to_tsvector('simple', name) as v from "${BENCH_SCHEMA}".main_candidates) as names`, terms.map((entry) => entry.parse))).rows[0]!;
  const rows = terms.map((entry, index) => {
    const theirs = Number(parseCounts[`t${index}`]);
    return [entry.term, entry.ours, String(ours[index]), entry.parse, String(theirs), ours[index] === theirs ? 'same' : fmt.ratio(theirs / Math.max(1, ours[index]!))];
  });
  console.log(table(['term', 'our tsquery', 'ours finds', 'Parse $term', 'Parse finds', 'Parse/ours'], rows));
  console.log(`\n${rows.filter((row) => row[5] !== 'same').length} of ${rows.length} terms find a different number of candidates (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await client.end();
}
