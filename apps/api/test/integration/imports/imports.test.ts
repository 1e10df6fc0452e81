// Issue 12's import in the console, through the API: a file uploaded to the imports bucket is
// dry-run in the background with its report kept row by row (line, action, reason), then written
// on request, each change in the history with the file's name as source. Only editors and keys
// see imports; a write is allowed only from `checked`; a second import of a file changes nothing;
// a job whose process stopped reads as failed.
import { beforeAll, expect, it } from 'vitest';
import { now } from '../../../src/core/dates.ts';
import { CollectionStore } from '../../../src/db/documents/collection-store.ts';
import { importJobsCollection } from '../../../src/services/imports/import-collections.ts';
import { INTERRUPTED_ERROR } from '../../../src/services/imports/import-model.ts';
import { DISTRICTS, EXISTING_DISTRICT, EXPECTED, REGIONS, SUBREGIONS } from '../directory-io/csv-fixtures.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, query, READ_ONLY_KEY, request, type Caller, type HistoryWorld, useHistoryWorld } from '../history/history-fixture.ts';
import { checkFile, reportOf, settledImport, upload, writeChecked } from './import-calls.ts';

async function status(response: Response): Promise<{ status: number; type?: string }> {
  const text = await response.text();
  return { status: response.status, ...(response.ok ? {} : { type: JSON.parse(text).type }) };
}

/** The sources of the changes to districts, by record. */
async function districtSources(world: HistoryWorld): Promise<string[]> {
  const list = await answer(world, world.operator, 'GET', `/history/changes?${query({ method: 'equal', attribute: 'collectionId', values: ['districts'] }, { method: 'limit', values: [100] })}`);
  return list.changes.map((change: any) => `${change.action} ${change.documentId} ${change.source} ${change.userName}`).sort();
}

describeEachEngine('imports in the console', (engine) => {
  const world = useHistoryWorld(engine);
  let editor: Caller;

  beforeAll(async () => {
    const w = world();
    editor = as(w.editor);
    for (const [name, text] of [['regions.csv', REGIONS], ['subregions.csv', SUBREGIONS]] as const) {
      const checked = await checkFile(w, editor, name, text);
      expect(checked).toMatchObject({ status: 'checked', create: 2, refused: 0 });
      expect(await writeChecked(w, editor, checked.$id)).toMatchObject({ status: 'completed', create: 2, rows: 2, rowsDone: 2 });
    }
    // Not named after its collection: the collection is given.
    const existing = await checkFile(w, editor, 'existing.csv', EXISTING_DISTRICT, { collectionId: 'districts' });
    expect(await writeChecked(w, editor, existing.$id)).toMatchObject({ status: 'completed', create: 1, collectionId: 'districts' });
  });

  it('only editors and keys start, list, read and write imports', async () => {
    const w = world();
    const fileId = await upload(w, editor, 'regions.csv', REGIONS);
    const job = await answer(w, editor, 'POST', '/imports', { body: { fileId } });
    for (const [who, caller] of [['guest', 'guest'], ['signed-in user', as(w.outsider)]] as const) {
      expect(await status(await request(w, caller, 'POST', '/imports', { body: { fileId } })), who).toEqual({ status: 401, type: 'user_unauthorized' });
      expect(await status(await request(w, caller, 'GET', '/imports')), who).toEqual({ status: 401, type: 'user_unauthorized' });
      expect(await status(await request(w, caller, 'GET', `/imports/${job.$id}`)), who).toEqual({ status: 404, type: 'import_not_found' });
      expect(await status(await request(w, caller, 'GET', `/imports/${job.$id}/rows`)), who).toEqual({ status: 404, type: 'import_not_found' });
      expect(await status(await request(w, caller, 'POST', `/imports/${job.$id}/write`)), who).toEqual({ status: 401, type: 'user_unauthorized' });
    }
    const monitor = { key: READ_ONLY_KEY.secret };
    expect(await status(await request(w, monitor, 'GET', '/imports'))).toEqual({ status: 401, type: 'general_unauthorized_scope' });
    // The owner and the operator see the editor's import, with who started it.
    for (const caller of [as(w.owner), w.operator]) {
      const list = await answer(w, caller, 'GET', `/imports?${query({ method: 'equal', attribute: 'fileId', values: [fileId] })}`);
      expect(list.imports.map((entry: any) => [entry.$id, entry.userId, entry.userName])).toEqual([[job.$id, w.editor.id, 'Émilie Éditrice']]);
    }
    // Files that do not say what they hold are refused before anything runs.
    const unnamed = await upload(w, editor, 'export-2026.csv', REGIONS);
    expect(await status(await request(w, editor, 'POST', '/imports', { body: { fileId: unnamed } }))).toEqual({ status: 400, type: 'general_argument_invalid' });
    expect(await status(await request(w, editor, 'POST', '/imports', { body: { fileId: unnamed, collectionId: 'contact_messages' } }))).toEqual({ status: 400, type: 'general_argument_invalid' });
    expect(await status(await request(w, editor, 'POST', '/imports', { body: { fileId: 'no-such-file' } }))).toEqual({ status: 404, type: 'storage_file_not_found' });
    await settledImport(w, job.$id);
  });

  it('reports every row of the dry run with its line, writes only the good ones, and a second import changes nothing', async () => {
    const w = world();
    const checked = await checkFile(w, editor, 'districts.csv', DISTRICTS);
    const refusedLines = Object.entries(EXPECTED).filter(([, [action]]) => action === 'refused').map(([line]) => Number(line));
    expect(checked).toMatchObject({ status: 'checked', format: 'csv', collectionId: 'districts', rows: 13, rowsDone: 13, create: 4, update: 1, unchanged: 0, refused: refusedLines.length, error: '' });

    const report = await reportOf(w, checked.$id);
    expect(report.map((row) => [row.line, row.action])).toEqual(Object.entries(EXPECTED).map(([line, [action]]) => [Number(line), action]));
    for (const row of report) {
      const reason = EXPECTED[row.line]![1];
      if (reason) expect(row.reason).toMatch(reason);
      else expect(row.reason).toBe('');
    }
    expect(report.find((row) => row.line === 13)).toMatchObject({ action: 'update', recordId: 'd0', changed: ['name'] });
    // Filtered by action and paged in line order.
    const refused = await reportOf(w, checked.$id, { method: 'equal', attribute: 'action', values: ['refused'] }, { method: 'orderDesc', attribute: 'line' });
    expect(refused.map((row) => row.line)).toEqual([...refusedLines].reverse());
    // Nothing written yet; each change names the editor who wrote the import.
    expect(await districtSources(w)).toEqual(['create d0 existing.csv Émilie Éditrice']);

    const done = await writeChecked(w, editor, checked.$id);
    expect(done).toMatchObject({ status: 'completed', rows: 13, rowsDone: 13, create: 4, update: 1, refused: refusedLines.length });
    expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.startedAt));
    const written = await reportOf(w, checked.$id);
    const lambda = written.find((row) => row.line === 14);
    // The row without $id has the id the write gave it, and the record is there.
    expect(await answer(w, w.operator, 'GET', `/databases/main/collections/districts/documents/${lambda.recordId}`)).toMatchObject({ name: 'Lambda' });
    expect(await answer(w, w.operator, 'GET', '/databases/main/collections/districts/documents/d2')).toMatchObject({ subregionId: 'sr1', regionId: 'r1' });
    expect(await status(await request(w, w.operator, 'GET', '/databases/main/collections/districts/documents/d3'))).toEqual({ status: 404, type: 'document_not_found' });
    expect(await districtSources(w)).toEqual(['create d0 existing.csv', 'create d1 districts.csv', 'create d2 districts.csv', 'create d8 districts.csv', `create ${lambda.recordId} districts.csv`, 'update d0 districts.csv'].map((entry) => `${entry} Émilie Éditrice`).sort());

    // Written once: a second write of the same job is refused.
    expect(await status(await request(w, editor, 'POST', `/imports/${checked.$id}/write`))).toEqual({ status: 409, type: 'import_not_checked' });

    const again = await checkFile(w, editor, 'districts.csv', DISTRICTS);
    expect(again).toMatchObject({ status: 'checked', create: 0, update: 0, unchanged: 5, refused: refusedLines.length });
    expect(await writeChecked(w, editor, again.$id)).toMatchObject({ status: 'completed', create: 0, update: 0, unchanged: 5 });
    expect(await districtSources(w)).toHaveLength(6);
    // The history lists an import's changes by their source.
    const fromFile = await answer(w, editor, 'GET', `/history/changes?${query({ method: 'equal', attribute: 'source', values: ['districts.csv'] })}`);
    expect(fromFile.total).toBe(5);
  });

  it('writes from checked only, and one of two simultaneous writes', async () => {
    const w = world();
    const checked = await checkFile(w, editor, 'regions.csv', REGIONS.replace('North,north', 'Northern,north'));
    expect(checked).toMatchObject({ status: 'checked', update: 1, unchanged: 1 });
    const answers = await Promise.all([0, 1].map(() => request(w, editor, 'POST', `/imports/${checked.$id}/write`).then(status)));
    expect(answers.map((entry) => entry.status).sort()).toEqual([202, 409]);
    expect(await settledImport(w, checked.$id)).toMatchObject({ status: 'completed', update: 1 });
  });

  it('reads a job whose process stopped as failed, and a file deleted before the write fails the write', async () => {
    const w = world();
    const checked = await checkFile(w, editor, 'subregions.csv', SUBREGIONS);
    const jobs = new CollectionStore(w.server.app.services.dialect, importJobsCollection);
    const stored = (await jobs.get(checked.$id, { kind: 'all' }))!;
    await jobs.update(stored.sequence, { status: 'importing' }, undefined, new Date(Date.now() - 61_000).toISOString());
    expect(await answer(w, editor, 'GET', `/imports/${checked.$id}`)).toMatchObject({ status: 'failed', error: INTERRUPTED_ERROR });
    expect(await status(await request(w, editor, 'POST', `/imports/${checked.$id}/write`))).toEqual({ status: 409, type: 'import_not_checked' });
    // A job still beating is not failed.
    await jobs.update(stored.sequence, {}, undefined, now());
    expect(await answer(w, editor, 'GET', `/imports/${checked.$id}`)).toMatchObject({ status: 'importing', error: '' });

    const next = await checkFile(w, editor, 'subregions.csv', SUBREGIONS);
    await answer(w, editor, 'DELETE', `/storage/buckets/imports/files/${next.fileId}`);
    expect(await writeChecked(w, editor, next.$id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/"subregions.csv" is no longer in the imports bucket/) });
  });
});
