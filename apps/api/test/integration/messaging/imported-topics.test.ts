// Records written by the console import get their messaging topics at once, without a restart:
// the import emits its documents' events through the outbox in its transaction (importBatch), and
// the record-topics consumer creates the election's topic, and renames it when a second import
// renames the election.
import { electionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { answer, as, request, useHistoryWorld, type HistoryWorld } from '../history/history-fixture.ts';
import { checkFile, writeChecked } from '../imports/import-calls.ts';

const header = '$id,name,slug,date,status,description';
const electionId = `imported-${Date.now().toString(36)}`;
const electionsFile = (name: string) => [header, `${electionId},${name},${electionId},2031-05-04T00:00:00.000+00:00,upcoming,""`, ''].join('\n');

/** The topic's name once the consumer has applied the import's events (the server is never restarted). */
async function topicNamed(world: HistoryWorld, topicId: string, name: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await request(world, world.operator, 'GET', `/messaging/topics/${topicId}`);
    const body = (await response.json()) as { name?: string };
    if (response.status === 200 && body.name === name) return;
    if (Date.now() > deadline) throw new Error(`topic ${topicId} is not named "${name}": ${response.status} ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachEngine('topics of imported records', (engine) => {
  const world = useHistoryWorld(engine);

  it('an election imported through the console has its topic at once, renamed by a later import', async () => {
    const w = world();
    const editor = as(w.editor);
    const topicId = electionTopicId(electionId);
    expect((await request(w, w.operator, 'GET', `/messaging/topics/${topicId}`)).status).toBe(404);

    const checked = await checkFile(w, editor, 'elections.csv', electionsFile('Imported General Election'));
    expect(checked).toMatchObject({ status: 'checked', create: 1, refused: 0 });
    expect(await writeChecked(w, editor, checked.$id)).toMatchObject({ status: 'completed', create: 1 });
    await topicNamed(w, topicId, 'Imported General Election');
    expect(await answer(w, w.operator, 'GET', `/messaging/topics/${topicId}`)).toMatchObject({ $id: topicId, subscribe: ['users'], emailTotal: 0 });

    const renamed = await checkFile(w, editor, 'elections.csv', electionsFile('Imported General Election (rerun)'));
    expect(renamed).toMatchObject({ status: 'checked', update: 1, refused: 0 });
    expect(await writeChecked(w, editor, renamed.$id)).toMatchObject({ status: 'completed', update: 1 });
    await topicNamed(w, topicId, 'Imported General Election (rerun)');
  });
});
