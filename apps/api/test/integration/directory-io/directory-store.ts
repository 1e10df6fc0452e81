/** What the directory import/export tests share: a server on the site's own schema, and files in a temporary folder. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { Services } from '../../../src/core/services.ts';
import { documentPages } from '../../../src/directory-io/stored-records.ts';
import { startTestServer, type Engine, type TestServer } from '../../support/test-server.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
export const SITE_SCHEMA = join(REPO_ROOT, 'appwrite.json');

/** A server on appwrite.json (the directory's real collections), with no data. */
export function startDirectoryServer(engine: Engine): Promise<TestServer> {
  return startTestServer({ engine, schemaFile: SITE_SCHEMA, env: { PROJECT_ID: 'ballot-atlas' } });
}

/** A temporary folder for the block's files, removed after it. */
export function useFolder(): () => string {
  let folder: string | undefined;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'directory-io-'));
  });
  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });
  return () => folder!;
}

export function writeFile(folder: string, name: string, text: string): string {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
}

/** `$id` → `$updatedAt` and data of every document of a collection: what a write would change. */
export async function snapshot(services: Services, collectionId: string): Promise<Map<string, { updatedAt: string; data: Record<string, unknown> }>> {
  const documents = new Map<string, { updatedAt: string; data: Record<string, unknown> }>();
  for await (const page of documentPages(services, collectionId)) for (const document of page) documents.set(document.id, { updatedAt: document.updatedAt, data: document.data });
  return documents;
}
