import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_PROJECT } from './test-server.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../../appwrite.json', import.meta.url));

type SchemaJson = Record<string, any>;

/**
 * A copy of the site's own schema (appwrite.json: the `editors` team, the directory collections,
 * contact messages, the buckets, the functions) in a temporary folder, addressed to the test
 * project, since a server refuses a schema written for another project; `edit` changes it
 * further. Function folders are named by absolute paths, since they are looked up beside the
 * schema file. `remove` deletes the copy.
 */
export function siteSchemaCopy(edit: (schema: SchemaJson) => void = () => {}, source = SITE_SCHEMA): { file: string; schema: SchemaJson; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ballot-atlas-site-schema-'));
  const file = join(dir, 'appwrite.json');
  const schema: SchemaJson = { ...(JSON.parse(readFileSync(source, 'utf8')) as SchemaJson), projectId: TEST_PROJECT };
  for (const fn of schema['functions'] ?? []) fn.path = resolve(dirname(source), fn.path ?? `functions/${fn.$id}`);
  edit(schema);
  writeFileSync(file, JSON.stringify(schema));
  return { file, schema, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
