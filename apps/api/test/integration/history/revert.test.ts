// Reverting a change puts the record back as it was before it — every field, its permissions, a
// deleted record with its id — as a change of its own; it never overwrites later work.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, CANDIDATES, historyOf, newParty, PARTIES, request, useHistoryWorld, type HistoryWorld } from './history-fixture.ts';

const revert = (world: HistoryWorld, changeId: string, source = 'https://example.org/correction') =>
  answer(world, as(world.editor), 'POST', `/history/changes/${changeId}/revert`, { headers: { 'X-Ballot-Source': source } });

/** The record without the fields every write sets. */
function contentOf(document: Record<string, unknown>): Record<string, unknown> {
  const { $updatedAt: _updated, $sequence: _sequence, ...rest } = document;
  return rest;
}

describeEachEngine('reverting a change', (engine) => {
  const world = useHistoryWorld(engine);

  it('restores every field an update wrote, permissions included, and records itself as a revert', async () => {
    const w = world();
    const original = await answer(w, w.operator, 'POST', CANDIDATES, {
      body: {
        documentId: 'unique()',
        data: {
          name: 'Amani Wanjiru', slug: `amani-wanjiru-${Date.now()}`, officeId: 'office-1', electionId: 'election-1', partyId: 'party-a',
          status: 'nominated', ballotNumber: 3, gender: 'female', dateOfBirth: '1980-02-29T00:00:00.000+00:00', socialLinks: ['https://a.example.org'], votePercent: 12.5,
        },
        permissions: ['read("any")'],
      },
    });
    await answer(w, as(w.editor), 'PATCH', `${CANDIDATES}/${original.$id}`, {
      body: {
        data: { name: 'Amani W. Odhiambo', partyId: 'party-b', status: 'withdrawn', ballotNumber: null, gender: 'undisclosed', dateOfBirth: '1981-03-01T00:00:00Z', socialLinks: [], votePercent: 0.25, bio: 'New bio' },
        permissions: [`read("user:${w.editor.id}")`],
      },
      headers: { 'X-Ballot-Source': 'https://example.org/wrong' },
    });
    const [update] = await historyOf(w, 'candidates', original.$id);
    expect(update.changes.map((change: { field: string }) => change.field)).toEqual(['name', 'partyId', 'ballotNumber', 'gender', 'dateOfBirth', 'bio', 'socialLinks', 'status', 'votePercent', '$permissions']);

    const reverted = await revert(w, update.$id);
    expect(reverted).toMatchObject({ action: 'revert', revertOf: update.$id, userId: w.editor.id, source: 'https://example.org/correction', before: update.after, after: update.before });
    expect(reverted.changes).toEqual(update.changes.map(({ field, before, after }: { field: string; before: unknown; after: unknown }) => ({ field, before: after, after: before })));
    const now = await answer(w, w.operator, 'GET', `${CANDIDATES}/${original.$id}`);
    expect(contentOf(now)).toEqual(contentOf(original));
    expect((await historyOf(w, 'candidates', original.$id))[0]).toEqual(reverted);
  });

  it('re-creates a deleted record with its id, values and permissions; undoes a creation by deleting', async () => {
    const w = world();
    const party = await newParty(w, { leader: 'Juma Mwangi', founded: 1994, website: 'https://chama.example.org' });
    await answer(w, as(w.editor), 'DELETE', `${PARTIES}/${party.$id}`, { headers: { 'X-Ballot-Source': 'merged into another party' } });
    const [deletion, creation] = await historyOf(w, 'parties', party.$id);

    const recreation = await revert(w, deletion.$id);
    expect(recreation).toMatchObject({ action: 'revert', revertOf: deletion.$id, before: null, after: deletion.before });
    const back = await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`);
    expect(contentOf(back)).toMatchObject({ ...contentOf(party), $createdAt: expect.any(String) });
    expect(back.$permissions).toEqual(party.$permissions);

    // The creation cannot be undone while the record differs from what was created (the re-creation is the same).
    const undone = await revert(w, creation.$id);
    expect(undone).toMatchObject({ action: 'revert', revertOf: creation.$id, after: null });
    expect((await request(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).status).toBe(404);
    expect((await historyOf(w, 'parties', party.$id)).map((change) => change.action)).toEqual(['revert', 'revert', 'delete', 'create']);
  });

  it('refuses (409) when a field the change wrote has changed since, or the record is gone or back; other fields may have changed', async () => {
    const w = world();
    const party = await newParty(w, { leader: 'First Leader', founded: 1990 });
    await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'Second Leader' } } });
    const [leaderChange] = await historyOf(w, 'parties', party.$id);
    await answer(w, as(w.owner), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'Third Leader', founded: 1991 } } });
    const [laterChange] = await historyOf(w, 'parties', party.$id);

    const refused = await request(w, as(w.editor), 'POST', `/history/changes/${leaderChange.$id}/revert`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 409, type: 'history_revert_conflict', message: expect.stringContaining('leader') });
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ leader: 'Third Leader', founded: 1991 });

    // Undo the later change first, then the earlier one applies.
    await revert(w, laterChange.$id);
    await revert(w, leaderChange.$id);
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ leader: 'First Leader', founded: 1990 });

    // A change to a field the reverted change did not touch does not stand in the way.
    await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { ideology: 'Agrarian' } } });
    const [ideologyChange] = await historyOf(w, 'parties', party.$id);
    await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { headquarters: 'Mlimani' } } });
    await revert(w, ideologyChange.$id);
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ ideology: party.ideology, headquarters: 'Mlimani' });

    // Gone: an update cannot be reverted on a deleted record; back: a deletion cannot be reverted twice.
    await answer(w, w.operator, 'DELETE', `${PARTIES}/${party.$id}`);
    const [deletion] = await historyOf(w, 'parties', party.$id);
    expect((await request(w, as(w.editor), 'POST', `/history/changes/${ideologyChange.$id}/revert`)).status).toBe(409);
    await revert(w, deletion.$id);
    const twice = await request(w, as(w.editor), 'POST', `/history/changes/${deletion.$id}/revert`);
    expect({ status: twice.status, type: (await twice.json()).type }).toEqual({ status: 409, type: 'history_revert_conflict' });
    const [creation] = (await historyOf(w, 'parties', party.$id)).slice(-1);
    expect((await request(w, as(w.editor), 'POST', `/history/changes/${creation.$id}/revert`)).status).toBe(409);
  });

  it('answers 404 for an unknown change and 400 for a bad source, changing nothing', async () => {
    const w = world();
    const party = await newParty(w, { leader: 'Kept' });
    await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'Changed' } } });
    const [change] = await historyOf(w, 'parties', party.$id);
    const unknown = await request(w, as(w.editor), 'POST', '/history/changes/no-such-change/revert');
    expect({ status: unknown.status, type: (await unknown.json()).type }).toEqual({ status: 404, type: 'history_change_not_found' });
    const badSource = await request(w, as(w.editor), 'POST', `/history/changes/${change.$id}/revert`, { headers: { 'X-Ballot-Source': 'n'.repeat(2001) } });
    expect({ status: badSource.status, type: (await badSource.json()).type }).toEqual({ status: 400, type: 'general_argument_invalid' });
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ leader: 'Changed' });
    expect(await historyOf(w, 'parties', party.$id)).toHaveLength(2);
  });
});
