// Issue 12, item 2: the operator's commands, end to end, as separate processes on one DATA_DIR:
// `npm run import` prints the dry-run report and stops on a refused row (exit 1, nothing
// written), writes the others with --allow-refused and a progress line, and finds nothing to
// write the second time; `npm run export` gives the rows back as CSV.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT, useFolder, writeFile } from './directory-store.ts';

function run(script: 'import' | 'export', args: string[], dataDir: string): Promise<{ code: number; out: string }> {
  const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' } });
  let out = '';
  child.stdout.on('data', (data: Buffer) => (out += data.toString()));
  child.stderr.on('data', (data: Buffer) => (out += data.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code: code ?? 1, out })));
}

const REGIONS = ['$id,name,slug,code,description,population,order', 'r1,North,north,N,"",1000,1', 'r2,South,south,S,"Warm, and wet",,2', ''].join('\r\n');
const SUBREGIONS = ['$id,name,slug,regionId,description', 'sr1,Upper North,upper-north,north,""', 'sr2,Nowhere,nowhere,atlantis,""', ''].join('\r\n');

const folder = useFolder();

it('imports with a dry run first, then exports', async () => {
  const dataDir = join(folder(), 'data');
  mkdirSync(dataDir);
  const files = [writeFile(folder(), 'subregions.csv', SUBREGIONS), writeFile(folder(), 'regions.csv', REGIONS)];

  const refused = await run('import', files, dataDir);
  expect(refused.code, refused.out).toBe(1);
  expect(refused.out).toMatch(/^create {4}regions\.csv line 2 {2}regions\/r1$/m);
  expect(refused.out).toMatch(/^refused {3}subregions\.csv line 3 {2}subregions\/sr2: unknown reference: regionId "atlantis"/m);
  expect(refused.out).toContain('dry run: 4 rows: 3 create, 0 update, 0 unchanged, 1 refused');
  expect(refused.out).toContain('nothing was written');

  const written = await run('import', [...files, '--allow-refused'], dataDir);
  expect(written.code, written.out).toBe(0);
  expect(written.out).toMatch(/^imported 4 \/ 4 rows \([\d,]+ rows\/s\)$/m);
  expect(written.out).toContain('3 create, 0 update, 0 unchanged, 1 refused');

  const again = await run('import', [files[1]!], dataDir);
  expect(again.code, again.out).toBe(0);
  expect(again.out).toContain('dry run: 2 rows: 0 create, 0 update, 2 unchanged, 0 refused');
  expect(again.out).toContain('nothing to write');

  const exported = await run('export', ['--to', join(folder(), 'out'), '--collection', 'regions'], dataDir);
  expect(exported.code, exported.out).toBe(0);
  // The export has every attribute of appwrite.json: the file's, then the places' boundary (none) and centroid (an empty array).
  const exportedRegions = ['$id,name,slug,code,description,population,order,boundary,centroid', 'r1,North,north,N,"",1000,1,,[]', 'r2,South,south,S,"Warm, and wet",,2,,[]', ''].join('\r\n');
  expect(readFileSync(join(folder(), 'out', 'regions.csv'), 'utf8')).toBe(exportedRegions);

  const usage = await run('import', [writeFile(folder(), 'notes.txt', 'x')], dataDir);
  expect(usage.code).toBe(2);
  expect(usage.out).toContain('--format csv|popolo');
}, 60_000);
