// Who reads the history: editors (any role) and API keys; guests and other users get Appwrite's
// answers for a collection they cannot read (401 to list, 404 to get). A record's last change is
// public, without who made it or a note. Lists page newest first with cursors and filters.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, historyOf, newParty, PARTIES, query, READ_ONLY_KEY, request, SCOPED_KEY, useHistoryWorld, type Caller } from './history-fixture.ts';

async function status(response: Response): Promise<{ status: number; type?: string }> {
  const text = await response.text();
  return { status: response.status, ...(response.ok ? {} : { type: JSON.parse(text).type }) };
}

describeEachEngine('history access', (engine) => {
  const world = useHistoryWorld(engine);

  it('editors, owners and keys read and revert; guests and other users do not', async () => {
    const w = world();
    const party = await newParty(w, { leader: 'Before' });
    const [creation] = await historyOf(w, 'parties', party.$id);
    const readers: [string, Caller][] = [['editor', as(w.editor)], ['owner', as(w.owner)], ['operator', w.operator], ['scoped key', { key: SCOPED_KEY.secret }]];
    for (const [who, caller] of readers) {
      expect(await status(await request(w, caller, 'GET', '/history/changes')), who).toEqual({ status: 200 });
      expect(await status(await request(w, caller, 'GET', `/history/changes/${creation.$id}`)), who).toEqual({ status: 200 });
    }
    const others: [string, Caller][] = [['guest', 'guest'], ['signed-in user', as(w.outsider)]];
    for (const [who, caller] of others) {
      expect(await status(await request(w, caller, 'GET', '/history/changes')), who).toEqual({ status: 401, type: 'user_unauthorized' });
      expect(await status(await request(w, caller, 'GET', `/history/changes/${creation.$id}`)), who).toEqual({ status: 404, type: 'history_change_not_found' });
      expect(await status(await request(w, caller, 'POST', `/history/changes/${creation.$id}/revert`)), who).toEqual({ status: 401, type: 'user_unauthorized' });
    }
    // A key without the documents scopes.
    const monitor = { key: READ_ONLY_KEY.secret };
    expect(await status(await request(w, monitor, 'GET', '/history/changes'))).toEqual({ status: 401, type: 'general_unauthorized_scope' });
    expect(await status(await request(w, monitor, 'POST', `/history/changes/${creation.$id}/revert`))).toEqual({ status: 401, type: 'general_unauthorized_scope' });
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ leader: 'Before' });

    // The owner may revert too; the revert names them.
    await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'After' } } });
    const [update] = await historyOf(w, 'parties', party.$id);
    const reverted = await answer(w, as(w.owner), 'POST', `/history/changes/${update.$id}/revert`);
    expect(reverted).toMatchObject({ userId: w.owner.id, userName: 'Olusegun Owner', source: '' });
  });

  it('tells anyone when a record last changed and its source when it is a web address — never who, nor a note', async () => {
    const w = world();
    const latest = (id: string, caller: Caller = 'guest') => request(w, caller, 'GET', `/history/databases/main/collections/parties/documents/${id}/latest`);
    const party = await newParty(w, {}, as(w.editor), { 'X-Ballot-Source': 'https://news.example.org/story' });
    const answered = await (await latest(party.$id)).json();
    expect(answered).toEqual({ $createdAt: party.$createdAt, action: 'create', sourceUrl: 'https://news.example.org/story' });

    const updated = await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'Private Note' } }, headers: { 'X-Ballot-Source': 'Told by a cousin on the phone' } });
    expect(await (await latest(party.$id, as(w.outsider))).json()).toEqual({ $createdAt: updated.$updatedAt, action: 'update', sourceUrl: '' });

    expect(await status(await latest('no-such-party'))).toEqual({ status: 404, type: 'history_change_not_found' });
    expect(await status(await request(w, 'guest', 'GET', '/history/databases/main/collections/contact_messages/documents/any/latest'))).toEqual({ status: 401, type: 'user_unauthorized' });
    expect(await status(await request(w, 'guest', 'GET', '/history/databases/main/collections/nothing/documents/any/latest'))).toEqual({ status: 404, type: 'collection_not_found' });
    expect(await status(await request(w, 'guest', 'GET', '/history/databases/_history/collections/changes/documents/any/latest'))).toEqual({ status: 400, type: 'general_argument_invalid' });
  });

  it('lists newest first, filters by collection, record, user and action, pages with cursors and counts', async () => {
    const w = world();
    const party = await newParty(w, {}, as(w.editor));
    for (const leader of ['One', 'Two', 'Three']) await answer(w, as(w.owner), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader } } });
    const onRecord = [{ method: 'equal', attribute: 'collectionId', values: ['parties'] }, { method: 'equal', attribute: 'documentId', values: [party.$id] }];

    const all = await answer(w, as(w.editor), 'GET', `/history/changes?${query(...onRecord)}`);
    expect(all.total).toBe(4);
    expect(all.changes.map((change: { after: { leader: string } }) => change.after.leader)).toEqual(['Three', 'Two', 'One', '']);

    const firstPage = await answer(w, as(w.editor), 'GET', `/history/changes?${query(...onRecord, { method: 'limit', values: [2] })}`);
    const nextPage = await answer(w, as(w.editor), 'GET', `/history/changes?${query(...onRecord, { method: 'limit', values: [2] }, { method: 'cursorAfter', values: [firstPage.changes[1].$id] })}`);
    expect([...firstPage.changes, ...nextPage.changes].map((change: { $id: string }) => change.$id)).toEqual(all.changes.map((change: { $id: string }) => change.$id));

    const byOwner = await answer(w, as(w.editor), 'GET', `/history/changes?${query(...onRecord, { method: 'equal', attribute: 'userId', values: [w.owner.id] })}`);
    expect(byOwner.changes.map((change: { action: string }) => change.action)).toEqual(['update', 'update', 'update']);
    const creations = await answer(w, as(w.editor), 'GET', `/history/changes?${query(...onRecord, { method: 'equal', attribute: 'action', values: ['create'] })}`);
    expect(creations.changes).toHaveLength(1);
    const oldestFirst = await answer(w, as(w.editor), 'GET', `/history/changes?${query(...onRecord, { method: 'orderAsc', attribute: '$sequence' })}&total=false`);
    expect(oldestFirst).toMatchObject({ total: 0 });
    expect(oldestFirst.changes[0].action).toBe('create');

    // What the history keeps (the records before and after) is not searchable: only the change's own attributes may be named.
    const refused = await request(w, as(w.editor), 'GET', `/history/changes?${query({ method: 'equal', attribute: 'after', values: ['x'] })}`);
    expect(await status(refused)).toEqual({ status: 400, type: 'general_argument_invalid' });
    const badCursor = await request(w, as(w.editor), 'GET', `/history/changes?${query({ method: 'cursorAfter', values: ['no-such-change'] })}`);
    expect(await status(badCursor)).toEqual({ status: 400, type: 'general_cursor_not_found' });
  });

  it('describes the source header on the document writes and the history routes in the API description', async () => {
    const w = world();
    const description = await answer(w, 'guest', 'GET', '/openapi.json');
    const path = description.paths['/databases/{databaseId}/collections/{collectionId}/documents/{documentId}'];
    for (const method of ['patch', 'delete']) {
      expect(path[method].parameters).toContainEqual(expect.objectContaining({ name: 'X-Ballot-Source', in: 'header', required: false }));
      expect(Object.keys(path[method].requestBody?.content['application/json'].schema.properties ?? {})).not.toContain('source');
    }
    expect(description.paths['/databases/{databaseId}/collections/{collectionId}/documents'].post.parameters).toContainEqual(expect.objectContaining({ name: 'X-Ballot-Source', in: 'header' }));
    expect(description.paths['/history/changes/{changeId}/revert'].post).toMatchObject({ operationId: 'history.revertChange' });
    expect(description.components.schemas.ChangeList).toBeDefined();
  });
});
