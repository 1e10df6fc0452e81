// Every write of a directory record leaves one history record in the write's own transaction:
// who, when, what changed, the source; a refused write leaves none; a failing history insert
// takes the write back with it; concurrent writers each record the state they really replaced.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, historyOf, MESSAGES, newParty, PARTIES, query, request, SCOPED_KEY, useHistoryWorld, type HistoryWorld } from './history-fixture.ts';

const SOURCE_URL = 'https://gazette.example.org/notice/2026-14';
const REPO = new URL('../../../../../', import.meta.url).pathname;

/** Makes every insert into the history table fail, until the returned function is called. */
async function breakHistoryInserts(world: HistoryWorld): Promise<() => Promise<void>> {
  const db = world.server.app.services.dialect.db;
  if (world.server.app.services.dialect.name === 'sqlite') {
    await sql`create trigger history_broken before insert on _history_changes begin select raise(abort, 'history insert failed on purpose'); end`.execute(db);
    return async () => void (await sql`drop trigger history_broken`.execute(db));
  }
  await sql.raw(`create function history_broken() returns trigger language plpgsql as $$ begin raise exception 'history insert failed on purpose'; end $$`).execute(db);
  await sql`create trigger history_broken before insert on _history_changes for each row execute function history_broken()`.execute(db);
  return async () => {
    await sql`drop trigger history_broken on _history_changes`.execute(db);
    await sql`drop function history_broken()`.execute(db);
  };
}

describeEachEngine('change records', (engine) => {
  const world = useHistoryWorld(engine);

  it('create, update and delete by an editor each leave a record: who, when, source, the changed fields and the whole record', async () => {
    const w = world();
    const editor = as(w.editor);
    const created = await answer(w, editor, 'POST', PARTIES, {
      body: { documentId: 'history-party', data: { name: 'Chama cha Haki', slug: 'chama-cha-haki', abbreviation: 'CCH' } },
      headers: { 'X-Ballot-Source': SOURCE_URL },
    });
    const updated = await answer(w, editor, 'PATCH', `${PARTIES}/history-party`, { body: { data: { name: 'Chama cha Haki na Amani', founded: 1992, abbreviation: 'CCH' } }, headers: { 'X-Ballot-Source': 'Phoned the party office' } });
    await answer(w, editor, 'DELETE', `${PARTIES}/history-party`);

    const [deletion, update, creation] = await historyOf(w, 'parties', 'history-party');
    expect(creation).toMatchObject({
      databaseId: 'main', collectionId: 'parties', documentId: 'history-party', action: 'create',
      userId: w.editor.id, userName: 'Émilie Éditrice', keyName: '', source: SOURCE_URL, sourceIsUrl: true, revertOf: '',
      $createdAt: created.$createdAt, before: null,
    });
    expect(creation.after).toMatchObject({ name: 'Chama cha Haki', slug: 'chama-cha-haki', abbreviation: 'CCH', founded: null, $permissions: created.$permissions });
    expect(creation.changes.map((change: { field: string }) => change.field)).toEqual(['name', 'abbreviation', 'slug', '$permissions']);

    expect(update).toMatchObject({ action: 'update', source: 'Phoned the party office', sourceIsUrl: false, $createdAt: updated.$updatedAt });
    // The abbreviation was sent unchanged: only what changed is listed.
    expect(update.changes).toEqual([
      { field: 'name', before: 'Chama cha Haki', after: 'Chama cha Haki na Amani' },
      { field: 'founded', before: null, after: 1992 },
    ]);
    expect(update.before).toEqual(creation.after);
    expect(update.after).toMatchObject({ name: 'Chama cha Haki na Amani', founded: 1992, abbreviation: 'CCH' });

    expect(deletion).toMatchObject({ action: 'delete', source: '', after: null, before: update.after });
    expect(deletion.changes.map((change: { field: string }) => change.field)).toEqual(['name', 'abbreviation', 'slug', 'founded', '$permissions']);

    // One change, by id.
    expect(await answer(w, editor, 'GET', `/history/changes/${update.$id}`)).toEqual(update);
  });

  it('names the operator for API keys, with the key of API_KEYS that made the change', async () => {
    const w = world();
    const byOperator = await newParty(w);
    const byImporter = await newParty(w, {}, { key: SCOPED_KEY.secret }, { 'X-Ballot-Source': 'members.csv' });
    expect((await historyOf(w, 'parties', byOperator.$id))[0]).toMatchObject({ userId: '', userName: 'operator', keyName: '' });
    expect((await historyOf(w, 'parties', byImporter.$id))[0]).toMatchObject({ userId: '', userName: 'operator', keyName: 'importer', source: 'members.csv' });
  });

  it('a write refused for its values, its permissions or its source leaves no record and no change', async () => {
    const w = world();
    const party = await newParty(w, { founded: 1990 });
    const before = await historyOf(w, 'parties', party.$id);
    const refusals: [Response, number, string][] = [
      [await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { founded: 'nineteen ninety' } } }), 400, 'document_invalid_structure'],
      [await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { name: null } } }), 400, 'document_invalid_structure'],
      [await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { unknown: 1 } } }), 400, 'document_invalid_structure'],
      [await request(w, as(w.outsider), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { founded: 1991 } } }), 401, 'user_unauthorized'],
      [await request(w, 'guest', 'DELETE', `${PARTIES}/${party.$id}`), 401, 'user_unauthorized'],
      [await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { founded: 1991 } }, headers: { 'X-Ballot-Source': `https://example.org/${'a'.repeat(2000)}` } }), 400, 'general_argument_invalid'],
      [await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { founded: 1991 } }, headers: { 'X-Ballot-Source': 'tab\there' } }), 400, 'general_argument_invalid'],
      [await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { founded: 1991 } }, headers: { 'X-Ballot-Source': "UTF-8''%E0%A4%A" } }), 400, 'general_argument_invalid'],
      [await request(w, as(w.editor), 'POST', PARTIES, { body: { documentId: 'unique()', data: { name: 'No slug' } } }), 400, 'document_invalid_structure'],
      [await request(w, as(w.editor), 'POST', PARTIES, { body: { documentId: party.$id, data: { name: 'Taken', slug: 'taken-id' } } }), 409, 'document_already_exists'],
    ];
    for (const [response, status, type] of refusals) {
      const body = await response.json();
      expect({ status: response.status, type: body.type }).toEqual({ status, type });
      expect(body).toMatchObject({ code: status, message: expect.any(String) });
    }
    expect(await historyOf(w, 'parties', party.$id)).toEqual(before);
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ founded: 1990 });
    const unnamed = await answer(w, w.operator, 'GET', `/history/changes?${query({ method: 'equal', attribute: 'userId', values: [w.outsider.id] })}`);
    expect(unnamed.total).toBe(0);
  });

  it('reads the source as a URL or a note: UTF-8 percent-encoded (what fetch can send) or raw UTF-8 bytes', async () => {
    const w = world();
    const note = 'Communiqué du parti, reçu à Mlimani — 14 mars';
    const encoded = await newParty(w, {}, as(w.editor), { 'X-Ballot-Source': `UTF-8''${encodeURIComponent(note)}` });
    expect((await historyOf(w, 'parties', encoded.$id))[0]).toMatchObject({ source: note, sourceIsUrl: false });

    const raw = await fetch(`${w.server.endpoint}${PARTIES}`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': 'test-project', 'X-Appwrite-Key': (w.operator as { key: string }).key, 'content-type': 'application/json', 'X-Ballot-Source': Buffer.from(note, 'utf8').toString('latin1') },
      body: JSON.stringify({ documentId: 'raw-utf8-source', data: { name: 'Raw', slug: 'raw-utf8-source' } }),
    });
    expect(raw.status).toBe(201);
    expect((await historyOf(w, 'parties', 'raw-utf8-source'))[0]).toMatchObject({ source: note });

    // A source beginning with `javascript:` is no address the site would link to.
    const script = await newParty(w, {}, as(w.editor), { 'X-Ballot-Source': 'javascript:alert(1)' });
    expect((await historyOf(w, 'parties', script.$id))[0]).toMatchObject({ source: 'javascript:alert(1)', sourceIsUrl: false });
  });

  it('an update that changes nothing leaves no record; private collections keep no history', async () => {
    const w = world();
    const party = await newParty(w, { abbreviation: 'SAME' });
    await answer(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { abbreviation: 'SAME' } } });
    expect(await historyOf(w, 'parties', party.$id)).toHaveLength(1);

    const message = await answer(w, 'guest', 'POST', MESSAGES, { body: { documentId: 'unique()', data: { name: 'A voter', email: 'voter@example.org', subject: 'Hello', message: 'My details are private.' } } });
    await answer(w, as(w.owner), 'PATCH', `${MESSAGES}/${message.$id}`, { body: { data: { status: 'read' } } });
    await answer(w, as(w.owner), 'DELETE', `${MESSAGES}/${message.$id}`);
    expect(await historyOf(w, 'contact_messages', message.$id)).toEqual([]);
  });

  it('a history insert that fails takes its write back: nothing created, updated or deleted', async () => {
    const w = world();
    const party = await newParty(w, { leader: 'Amina Odhiambo' });
    const restore = await breakHistoryInserts(w);
    try {
      const create = await request(w, as(w.editor), 'POST', PARTIES, { body: { documentId: 'never-created', data: { name: 'Never', slug: 'never-created' } } });
      const update = await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'Someone Else' } } });
      const remove = await request(w, as(w.editor), 'DELETE', `${PARTIES}/${party.$id}`);
      for (const response of [create, update, remove]) {
        expect(response.status).toBe(500);
        expect(await response.json()).toMatchObject({ code: 500, type: 'general_unknown', message: 'Server Error' });
      }
    } finally {
      await restore();
    }
    expect((await request(w, w.operator, 'GET', `${PARTIES}/never-created`)).status).toBe(404);
    expect(await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`)).toMatchObject({ leader: 'Amina Odhiambo' });
    expect(await historyOf(w, 'parties', party.$id)).toHaveLength(1);
    expect(await historyOf(w, 'parties', 'never-created')).toEqual([]);
  });

  it('concurrent updates of one record each record the value they really replaced', async () => {
    const w = world();
    const party = await newParty(w, { founded: 1900 });
    const writers = 12;
    await Promise.all(
      Array.from({ length: writers }, (_, index) =>
        answer(w, index % 2 ? as(w.editor) : w.operator, 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { founded: 1901 + index, leader: `Leader ${index + 1}` } } }),
      ),
    );
    const updates = (await historyOf(w, 'parties', party.$id)).filter((change) => change.action === 'update').reverse();
    expect(updates).toHaveLength(writers);
    // Oldest first, each update's "before" is the previous one's "after": no update read a stale record.
    let previous = (await historyOf(w, 'parties', party.$id)).at(-1).after;
    for (const change of updates) {
      expect(change.before).toEqual(previous);
      previous = change.after;
    }
    const final = await answer(w, w.operator, 'GET', `${PARTIES}/${party.$id}`);
    expect(previous).toMatchObject({ founded: final.founded, leader: final.leader });
    expect(new Set(updates.map((change) => change.after.founded)).size).toBe(writers);
  });

  it.skipIf(engine !== 'sqlite')('a write while another process holds the SQLite write lock waits for it, then records what that process wrote', async () => {
    const w = world();
    const party = await newParty(w, { leader: 'Before' });
    // Another process (an import, `npm run editor`) writes the same record and holds its lock a while.
    const script = `
      import Database from 'better-sqlite3';
      const db = new Database(process.argv[1]);
      db.prepare('begin immediate').run();
      db.prepare('update main_parties set leader = ? where _uid = ?').run('Other process', process.argv[2]);
      console.log('locked');
      setTimeout(() => { db.prepare('commit').run(); db.close(); }, 400);`;
    const other = spawn(process.execPath, ['--input-type=module', '-e', script, join(w.server.dataDir, 'ballot-atlas.sqlite'), party.$id], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
    // Listened for before the write: the other process may well have exited by the time the write is answered.
    const exited = once(other, 'exit');
    await once(other.stdout!, 'data');
    const response = await request(w, as(w.editor), 'PATCH', `${PARTIES}/${party.$id}`, { body: { data: { leader: 'Editor' } } });
    expect(response.status, await response.clone().text()).toBe(200);
    await exited;
    const [update] = await historyOf(w, 'parties', party.$id);
    expect(update.changes).toEqual([{ field: 'leader', before: 'Other process', after: 'Editor' }]);
  });
});
