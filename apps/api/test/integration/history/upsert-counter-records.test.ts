// Upserts and counter steps of directory records leave history records like creates and updates,
// through Databases and through TablesDB alike; refused ones leave none.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, historyOf, PARTIES, request, useHistoryWorld } from './history-fixture.ts';

const ROWS = '/tablesdb/main/tables/parties/rows';

describeEachEngine('history of upserts and counters', (engine) => {
  const world = useHistoryWorld(engine);

  it('an upsert records a create, then an update, with the source', async () => {
    const w = world();
    const editor = as(w.editor);
    await answer(w, editor, 'PUT', `${PARTIES}/upserted-party`, { body: { data: { name: 'Umoja', slug: 'umoja' } }, headers: { 'X-Ballot-Source': 'https://gazette.example.org/umoja' } });
    await answer(w, editor, 'PUT', `${ROWS}/upserted-party`, { body: { data: { name: 'Umoja Mpya', slug: 'umoja' } }, headers: { 'X-Ballot-Source': 'Phoned the party office' } });

    const [update, creation] = await historyOf(w, 'parties', 'upserted-party');
    expect(creation).toMatchObject({ action: 'create', userId: w.editor.id, source: 'https://gazette.example.org/umoja', before: null });
    expect(update).toMatchObject({ action: 'update', userId: w.editor.id, source: 'Phoned the party office' });
    expect(update.changes).toEqual([{ field: 'name', before: 'Umoja', after: 'Umoja Mpya' }]);
  });

  it('an increment and a decrement record the value before and after; a refused one records nothing', async () => {
    const w = world();
    const editor = as(w.editor);
    await answer(w, editor, 'POST', PARTIES, { body: { documentId: 'counted-party', data: { name: 'Hesabu', slug: 'hesabu', founded: 1990 } } });
    await answer(w, editor, 'PATCH', `${PARTIES}/counted-party/founded/increment`, { body: { value: 2 } });
    await answer(w, editor, 'PATCH', `${ROWS}/counted-party/founded/decrement`, { body: { value: 1 }, headers: { 'X-Ballot-Source': 'Corrected from the register' } });
    const refused = await request(w, editor, 'PATCH', `${ROWS}/counted-party/founded/increment`, { body: { value: 5, max: 1995 } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { type: string }).type).toBe('column_limit_exceeded');
    const outsider = await request(w, as(w.outsider), 'PATCH', `${PARTIES}/counted-party/founded/increment`, {});
    expect(outsider.status).toBe(401);

    const [decrement, increment, creation] = await historyOf(w, 'parties', 'counted-party');
    expect(creation.action).toBe('create');
    expect(increment).toMatchObject({ action: 'update', userId: w.editor.id, changes: [{ field: 'founded', before: 1990, after: 1992 }] });
    expect(decrement).toMatchObject({ action: 'update', source: 'Corrected from the register', changes: [{ field: 'founded', before: 1992, after: 1991 }] });
    expect((await answer(w, w.operator, 'GET', `${PARTIES}/counted-party`)).founded).toBe(1991);
  });
});
