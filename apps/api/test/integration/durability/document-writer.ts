/** Creates, replaces and deletes documents, one write in flight at a time, remembering each answer. */
import { setTimeout as sleep } from 'node:timers/promises';
import { documentKey, type DocumentData, type TrackedDocument } from './acknowledged-writes.ts';
import { call, expectStatus, ServerGone, type Caller } from './durability-client.ts';
import type { Random } from './seeded-random.ts';
import type { WriterContext } from './writer-context.ts';

/** A whole revision of a document: every attribute says which revision it belongs to, so a mix of two is visible. */
function revisionData(collection: string, id: string, revision: number, random: Random): DocumentData {
  const mark = `${id}@r${revision}`;
  if (collection === 'items') {
    return {
      title: mark, body: mark.repeat(random.int(0, 40)), count: revision % 1000, price: revision * 1.5,
      active: revision % 2 === 0, tags: [`r${revision}`, `${id}`], scores: [revision, revision + 1],
    };
  }
  return { title: mark, body: mark.repeat(random.int(0, 1000)), revision };
}

function documentsPath(collection: string): string {
  return `/databases/main/collections/${collection}/documents`;
}

export async function writeDocuments(context: WriterContext, caller: Caller, collection: string, label: string, idCount: number): Promise<void> {
  const { writes, random } = context;
  while (context.running()) {
    const id = `${label}-${random.int(1, idCount)}`;
    const key = documentKey(collection, id);
    let track = writes.documents.get(key);
    if (!track) writes.documents.set(key, (track = { collection, id, acked: null, revision: 0 } satisfies TrackedDocument));
    const action = track.acked === null ? 'create' : random.chance(0.2) ? 'delete' : 'update';
    const revision = ++track.revision;
    const outcome = action === 'delete' ? null : revisionData(collection, id, revision, random);
    track.inFlight = { outcome };
    try {
      const what = `${action} ${key}`;
      if (action === 'create') expectStatus(what, await call(context.endpoint, caller, 'POST', documentsPath(collection), { documentId: id, data: outcome }), 201);
      else if (action === 'update') expectStatus(what, await call(context.endpoint, caller, 'PATCH', `${documentsPath(collection)}/${id}`, { data: outcome }), 200);
      else expectStatus(what, await call(context.endpoint, caller, 'DELETE', `${documentsPath(collection)}/${id}`), 204);
    } catch (error) {
      if (error instanceof ServerGone) return;
      throw error;
    }
    track.acked = outcome;
    delete track.inFlight;
    writes.acknowledged.documents++;
    // Leaves the server time for the uploads (on SQLite every write holds its one thread).
    await sleep(random.int(0, 6));
  }
}
