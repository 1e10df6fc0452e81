import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_SCHEMA } from '../../support/test-server.ts';

/** Written by the API key: anyone may write `items` in the test schema. */
export const KEY_COLLECTION = 'items';
/** Written by a signed-in editor: only the `editors` team may write `records`. */
export const EDITOR_COLLECTION = 'records';
/** A plain bucket (any signed-in user may upload) and one whose files are compressed and encrypted at rest. */
export const PLAIN_BUCKET = 'photos';
export const SEALED_BUCKET = 'sealed';
export const EDITORS_TEAM = 'editors';

/** The test schema plus an `editors` team and a collection only its members write; returns the file's path. */
export function writeDurabilitySchema(folder: string): string {
  const schema = JSON.parse(readFileSync(TEST_SCHEMA, 'utf8'));
  schema.teams = [{ $id: EDITORS_TEAM, name: 'Editors' }];
  const editors = ['editor', 'owner'].flatMap((role) => ['create', 'update', 'delete'].map((action) => `${action}("team:${EDITORS_TEAM}/${role}")`));
  schema.collections.push({
    $id: EDITOR_COLLECTION, databaseId: 'main', name: 'Records', $permissions: ['read("any")', ...editors],
    attributes: [
      { key: 'title', type: 'string', size: 200, required: true },
      { key: 'body', type: 'string', size: 20_000, required: false },
      { key: 'revision', type: 'integer', required: false },
    ],
    indexes: [],
  });
  const file = join(folder, 'durability-schema.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
}
