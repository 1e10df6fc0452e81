/** The scenarios' rotating inputs sampled from the PostgreSQL data set, as sampleInputs picks them from SQLite. */
import type pg from 'pg';
import { SEARCH_TERMS, type Inputs } from '../scenarios.ts';

/** Areas spread over the range of candidates per area; ids spread over the table, interleaved. */
export async function samplePostgresInputs(client: pg.Client, schema: string, areaCount = 12, idCount = 1000): Promise<Inputs> {
  const table = `"${schema}".main_candidates`;
  const candidates = Number((await client.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0);
  const byArea = (await client.query<{ id: string; candidates: number }>(`select "electoralAreaId" as id, count(*)::int as candidates from ${table} where "electoralAreaId" <> '' group by 1 order by 2, 1`)).rows;
  if (byArea.length === 0) throw new Error('no candidate has an electoral area');
  const picks = Math.min(areaCount, byArea.length);
  const areas = Array.from({ length: picks }, (_, index) => byArea[Math.floor(((index + 0.5) * byArea.length) / picks)]!);
  const step = Math.max(1, Math.floor(candidates / idCount));
  const rows = (await client.query<{ id: string }>(`select _uid as id from ${table} where (_seq - 1) % $1 = 0 order by _seq limit $2`, [step, idCount])).rows;
  if (rows.length === 0) throw new Error('no candidate ids to sample');
  // Consecutive requests hit distant rows.
  const ids = rows.map((row, index) => ({ row, key: (index * 7919) % rows.length })).sort((a, b) => a.key - b.key).map((entry) => entry.row.id);
  return { areas, ids, terms: SEARCH_TERMS, candidates };
}
