// Issue 12, item 2: an export round-trips exactly. The demo data (as `npm run seed` writes it) is
// exported as CSV and as Popolo JSON, each imported into an empty database, and exported again:
// the files are byte for byte the same. Importing them once more finds every row unchanged.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exportToDirectory } from '../../../src/directory-io/export-files.ts';
import { describeImportFiles, importFiles } from '../../../src/directory-io/import-files.ts';
import { seedDemo } from '../../../src/seed/seed-demo.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import type { TestServer } from '../../support/test-server.ts';
import { snapshot, startDirectoryServer, useFolder } from './directory-store.ts';

describeEachEngine('export → import into an empty database → export', (engine) => {
  let seeded: TestServer;
  const folder = useFolder();
  beforeAll(async () => {
    seeded = await startDirectoryServer(engine);
    await seedDemo(seeded.app.services, 'demo');
  }, 120_000);
  afterAll(() => seeded?.close());

  for (const format of ['csv', 'popolo'] as const) {
    it(`gives the same ${format} files`, async () => {
      const first = join(folder(), `${format}-first`);
      const second = join(folder(), `${format}-second`);
      const exported = await exportToDirectory(seeded.app.services, first, { format });
      const names = readdirSync(first).sort();
      expect(names).toEqual(format === 'csv' ? ['candidates.csv', 'districts.csv', 'elections.csv', 'electoral_areas.csv', 'events.csv', 'offices.csv', 'parties.csv', 'regions.csv', 'subregions.csv'] : ['popolo.json']);
      expect(exported.reduce((sum, file) => sum + file.count, 0)).toBe(format === 'csv' ? 3696 : 6696);

      const empty = await startDirectoryServer(engine);
      try {
        const services = empty.app.services;
        const files = describeImportFiles(services.schema, names.map((name) => join(first, name)), {});
        const dryRun = await importFiles(services, files, { write: false });
        expect(dryRun).toMatchObject({ rows: 3696, create: 3696, refused: 0 });
        let progressCalls = 0;
        const written = await importFiles(services, files, { write: true, onProgress: () => progressCalls++ });
        expect(written).toMatchObject({ rows: 3696, create: 3696, refused: 0 });
        expect(progressCalls).toBeGreaterThanOrEqual(Math.ceil(3000 / 500));

        await exportToDirectory(services, second, { format });
        expect(readdirSync(second).sort()).toEqual(names);
        for (const name of names) expect(readFileSync(join(second, name)).equals(readFileSync(join(first, name))), name).toBe(true);

        const candidates = await snapshot(services, 'candidates');
        const again = await importFiles(services, files, { write: true });
        expect(again).toMatchObject({ rows: 3696, unchanged: 3696, create: 0, update: 0, refused: 0 });
        expect(await snapshot(services, 'candidates')).toEqual(candidates);
      } finally {
        await empty.close();
      }
    }, 120_000);
  }
});
