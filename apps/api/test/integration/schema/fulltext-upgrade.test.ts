// A SQLite database whose full-text tables were made before they had prefix indexes is upgraded at
// start-up: the table is rebuilt from the stored documents, searches find what they found before,
// and the next start has nothing left to do.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { foldSearchText } from '@ballot-atlas/shared/text/search-text';
import { collectionTables } from '../../../src/db/physical-names.ts';
import { createDocuments, documentsPath, queryString, send } from '../../support/scenario.ts';
import { testSchema, useSchemaRestarts } from '../../support/schema-variants.ts';
import type { TestServer } from '../../support/test-server.ts';

const table = collectionTables({ $id: 'items', databaseId: 'main' }).fulltext('title');
const stored = [
  { id: 'kano', data: { title: 'Kanorê Bello' } },
  { id: 'kana', data: { title: 'Kanazawa Odu' } },
  { id: 'other', data: { title: 'Wombat Ndlovu' } },
];

async function definitionOf(server: TestServer): Promise<string> {
  const rows = await sql<{ sql: string }>`select sql from sqlite_master where name = ${table}`.execute(server.app.services.dialect.db);
  return rows.rows[0]!.sql;
}

async function searched(server: TestServer, text: string): Promise<string[]> {
  const response = await send(server, { method: 'GET', path: `${documentsPath('main/items')}?${queryString({ method: 'search', attribute: 'title', values: [text] })}` });
  const json = (await response.json()) as { documents: { $id: string }[] };
  return json.documents.map((document) => document.$id);
}

describe('full-text tables from before prefix indexes [sqlite]', () => {
  const servers = useSchemaRestarts('sqlite');

  it('are rebuilt once from the stored documents and still find them', async () => {
    const original = await servers.start(testSchema());
    expect(await definitionOf(original)).toContain("prefix='2 3'");
    await createDocuments(original, 'main/items', stored);
    // The table as the previous version made it, holding the same rows.
    const db = original.app.services.dialect.db;
    await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`create virtual table ${sql.table(table)} using fts5(v, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')`.execute(db);
    const rows = await sql<{ _seq: number; title: string }>`select _seq, title from main_items`.execute(db);
    for (const row of rows.rows) await sql`insert into ${sql.table(table)} (rowid, v) values (${row._seq}, ${foldSearchText(row.title)})`.execute(db);
    expect(await searched(original, 'ka')).toEqual(['kano', 'kana']);
    await original.close();

    const upgraded = await servers.start(testSchema());
    expect(upgraded.app.schemaReport.altered).toEqual(['items']);
    expect(await definitionOf(upgraded)).toContain("prefix='2 3'");
    expect(await searched(upgraded, 'ka')).toEqual(['kano', 'kana']);
    expect(await searched(upgraded, 'kanore')).toEqual(['kano']);
    expect(await searched(upgraded, 'NDL')).toEqual(['other']);
    await upgraded.close();

    const again = await servers.start(testSchema());
    expect(again.app.schemaReport).toMatchObject({ created: [], altered: [] });
    await again.close();
  });
});
