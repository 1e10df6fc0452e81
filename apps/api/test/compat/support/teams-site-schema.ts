import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_PROJECT } from '../../support/test-server.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../../../appwrite.json', import.meta.url));

/**
 * The site's own schema (appwrite.json: the `editors` team, the directory collections, contact
 * messages, the media bucket) addressed to the test project, since a server refuses a schema
 * written for another project. `remove` deletes the copy.
 */
export function siteSchemaCopy(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'ballot-atlas-site-schema-'));
  const file = join(dir, 'appwrite.json');
  const schema = JSON.parse(readFileSync(SITE_SCHEMA, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...schema, projectId: TEST_PROJECT }));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
