// A page of documents in `$sequence` order (how an export reads a collection, and the order every
// list falls back on) must come from PostgreSQL's primary-key index, not from sorting every row
// past the cursor: with `order by _seq asc nulls first`, which the index does not provide, each
// page of the 1M-candidate export cost 170 ms and the export 275 s (bench/RESULTS.md).
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../../src/core/context.ts';
import { CollectionStore } from '../../../src/db/documents/collection-store.ts';
import { postgresAvailable, POSTGRES_URL, type TestServer } from '../../support/test-server.ts';
import { startDirectoryServer } from './directory-store.ts';

const ROWS = 5000;

function planNodes(plan: Record<string, unknown>): string[] {
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [plan['Node Type'] as string, ...children.flatMap(planNodes)];
}

describe.skipIf(!(await postgresAvailable()))('a page in $sequence order [postgres]', () => {
  let server: TestServer;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startDirectoryServer('postgres');
    const address = { databaseId: 'main', collectionId: 'regions' };
    for (let start = 0; start < ROWS; start += 1000) {
      await server.app.services.documents.importDocuments(address, Array.from({ length: 1000 }, (_, index) => ({ id: `r${start + index}`, data: { name: `Region ${start + index}`, slug: `region-${start + index}`, code: 'R' } })));
    }
    await server.app.services.dialect.analyze();
    pool = new pg.Pool({ connectionString: POSTGRES_URL, options: `-c search_path=${server.pgSchema}`, max: 1 });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await server?.close();
  });

  it('is read from the primary key in index order, with no sort', async () => {
    const captured: CompiledQuery[] = [];
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
    const definition = server.app.services.documents.collection({ databaseId: 'main', collectionId: 'regions' }, ADMIN).definition;
    // Reads go through `read` (the dialect's shortest way to run a select): here, through the logging db.
    const read = async <Row,>(text: string, parameters: readonly unknown[]): Promise<Row[]> => (await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows;
    const store = new CollectionStore({ ...server.app.services.dialect, db, read }, definition);
    const page = await store.list({ filters: [{ kind: 'filter', method: 'greaterThan', attribute: '$sequence', values: [ROWS / 2] }], select: null, orders: [], limit: 100, offset: 0, cursor: null }, { kind: 'all' }, { countTotal: false });
    expect(page.documents).toHaveLength(100);
    expect(page.documents[0]!.sequence).toBe(ROWS / 2 + 1);
    const query = captured.at(-1)!;
    const explained = await pool.query(`explain (format json) ${query.sql}`, [...query.parameters]);
    const nodes = planNodes((explained.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
    expect(nodes.filter((node) => /Sort/.test(node)), nodes.join(' → ')).toEqual([]);
    expect(nodes.some((node) => /Index/.test(node)), nodes.join(' → ')).toBe(true);
  });
});
