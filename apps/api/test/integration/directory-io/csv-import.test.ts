// Issue 12, item 2: a CSV import is checked row by row before anything is written. A file with
// good rows, unknown references, bad types, duplicates, a unique-index conflict, a broken quote and
// a short record: the dry run names each with its physical line (a quoted field over two lines
// counts two), the write keeps only the good rows, and a second import finds everything unchanged
// and writes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Services } from '../../../src/core/services.ts';
import { describeImportFiles, importFiles } from '../../../src/directory-io/import-files.ts';
import type { RowOutcome } from '../../../src/directory-io/import-rows.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import type { TestServer } from '../../support/test-server.ts';
import { DISTRICTS, EXISTING_DISTRICT, EXPECTED, REGIONS, SUBREGIONS } from './csv-fixtures.ts';
import { snapshot, startDirectoryServer, useFolder, writeFile } from './directory-store.ts';

/** The history records an import of `file` left: action and record, in order. */
async function historyOf(services: Services, file: string): Promise<string[]> {
  const plan = { filters: [{ kind: 'filter' as const, method: 'equal' as const, attribute: 'source', values: [file] }], select: null, orders: [], limit: 1000, offset: 0, cursor: null };
  const { documents } = await services.documents.history.store.list(plan, { kind: 'all' }, { countTotal: false });
  return documents.map((change) => `${change.data['action']} ${change.data['collectionId']}/${change.data['documentId']}`);
}

async function runImport(services: Services, paths: string[], write: boolean, collection?: string): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  await importFiles(services, describeImportFiles(services.schema, paths, { collection }), { write, onRow: (outcome) => outcomes.push(outcome) });
  return outcomes;
}

describeEachEngine('CSV import with broken rows', (engine) => {
  let server: TestServer;
  const folder = useFolder();
  beforeAll(async () => {
    server = await startDirectoryServer(engine);
    const services = server.app.services;
    const base = [writeFile(folder(), 'subregions.csv', SUBREGIONS), writeFile(folder(), 'regions.csv', REGIONS)];
    // Named out of dependency order on purpose: the import puts regions first.
    expect((await runImport(services, base, true)).map((outcome) => outcome.action)).toEqual(['create', 'create', 'create', 'create']);
    expect((await runImport(services, [writeFile(folder(), 'existing.csv', EXISTING_DISTRICT)], true, 'districts')).map((outcome) => outcome.action)).toEqual(['create']);
  });
  afterAll(() => server?.close());

  it('the dry run reports every row with its line and writes nothing', async () => {
    const services = server.app.services;
    const before = await snapshot(services, 'districts');
    const outcomes = await runImport(services, [writeFile(folder(), 'districts.csv', DISTRICTS)], false);
    expect(outcomes.map((outcome) => outcome.line)).toEqual(Object.keys(EXPECTED).map(Number));
    for (const outcome of outcomes) {
      const [action, reason] = EXPECTED[outcome.line!]!;
      expect({ line: outcome.line, action: outcome.action }).toEqual({ line: outcome.line, action });
      if (reason) expect(outcome.reason).toMatch(reason);
      expect(outcome.file).toBe('districts.csv');
    }
    expect(outcomes.find((outcome) => outcome.line === 13)?.changed).toEqual(['name']);
    expect(await snapshot(services, 'districts')).toEqual(before);
  });

  it('the write keeps only the good rows, with references by slug turned into ids', async () => {
    const services = server.app.services;
    const outcomes = await runImport(services, [writeFile(folder(), 'districts.csv', DISTRICTS)], true);
    expect(outcomes.map((outcome) => [outcome.line, outcome.action])).toEqual(Object.entries(EXPECTED).map(([line, [action]]) => [Number(line), action]));
    const districts = await snapshot(services, 'districts');
    const lambdaId = outcomes.find((outcome) => outcome.line === 14)!.id!;
    expect([...districts.keys()].sort()).toEqual(['d0', 'd1', 'd2', 'd8', lambdaId].sort());
    expect(districts.get('d2')!.data).toMatchObject({ name: 'Beta', kind: 'city', subregionId: 'sr1', regionId: 'r1', description: 'First line\nsecond line', population: 2000 });
    expect(districts.get('d8')!.data).toMatchObject({ subregionId: 'sr2', regionId: 'r2' });
    expect(districts.get('d0')!.data).toMatchObject({ name: 'Kappa', slug: 'existing-slug', population: 7 });
    expect(districts.get(lambdaId)!.data).toMatchObject({ name: 'Lambda', slug: 'lambda', population: null });
    // Each change is in the history, in the write's transaction, with the file's name as its source.
    expect((await historyOf(services, 'districts.csv')).sort()).toEqual(['create districts/d1', 'create districts/d2', 'create districts/d8', `create districts/${lambdaId}`, 'update districts/d0'].sort());
  });

  it('a second import of the same file changes nothing', async () => {
    const services = server.app.services;
    const before = await snapshot(services, 'districts');
    const outcomes = await runImport(services, [writeFile(folder(), 'districts.csv', DISTRICTS)], true);
    const actions = Object.fromEntries(outcomes.map((outcome) => [outcome.line, outcome.action]));
    for (const line of [2, 3, 11, 13, 14]) expect(actions[line]).toBe('unchanged');
    expect(outcomes.filter((outcome) => outcome.action === 'refused').map((outcome) => outcome.line)).toEqual([5, 6, 7, 8, 9, 10, 12, 15]);
    expect(await snapshot(services, 'districts')).toEqual(before);
    expect(await historyOf(services, 'districts.csv')).toHaveLength(5);
  });

  it('an unknown column refuses the file at line 1', async () => {
    const services = server.app.services;
    const before = await snapshot(services, 'districts');
    const outcomes = await runImport(services, [writeFile(folder(), 'districts.csv', 'name,slug,colour\nNu,nu,#fff\n')], true);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ line: 1, action: 'refused' });
    expect(outcomes[0]!.reason).toMatch(/unknown column "colour"/);
    expect(await snapshot(services, 'districts')).toEqual(before);
  });
});
