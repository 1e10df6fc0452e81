import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { linkFileStore, reconcile } from './file-store-snapshot.ts';
import { filesUnder } from './file-tree.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function store(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'file-store-snapshot-'));
  folders.push(root);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

it('keeps what the snapshot refers to as it was when linked, fills in what completed since, drops the rest, and names what vanished', async () => {
  const live = store({ 'files/photos/kept': 'kept bytes', 'files/photos/deleted-later': 'gone soon', 'files/photos/orphan': 'no record', 'chunks/photos/up/0': 'chunk zero', 'cache/x': 'not stored' });
  const staging = join(store({}), 'staging');
  await linkFileStore(live, staging);
  // After the links and before the database snapshot: one file completes, one is deleted and its id reused with other bytes.
  writeFileSync(join(live, 'files/photos/completed-meanwhile'), 'new bytes');
  rmSync(join(live, 'files/photos/kept'));
  writeFileSync(join(live, 'files/photos/kept'), 'replaced by a later upload');

  const missing = await reconcile(live, staging, [
    { path: 'files/photos/kept', size: 'kept bytes'.length },
    { path: 'files/photos/completed-meanwhile', size: 'new bytes'.length },
    { path: 'chunks/photos/up/0', size: 'chunk zero'.length },
    { path: 'files/photos/never-there', size: 3 },
    { path: 'files/photos/assembling', size: 5, optional: true },
  ]);
  expect(missing).toEqual(['files/photos/never-there']);
  expect((await filesUnder(staging)).sort()).toEqual(['chunks/photos/up/0', 'files/photos/completed-meanwhile', 'files/photos/kept']);
  expect(readFileSync(join(staging, 'files/photos/kept'), 'utf8')).toBe('kept bytes');
});
