// Rows written through TablesDB reach realtime subscribers of both spellings (rows and
// documents), as the same events a document write emits (the payload is the record's Document
// model, whichever API wrote it).
import { expect, it } from 'vitest';
import { subscribeWith } from './support/realtime-feeds.ts';
import { describeRealtime } from './support/realtime-suite.ts';
import { freshId, operatorCall } from './support/teams.ts';

describeRealtime('TablesDB realtime', (context) => {
  it('an upserted and an incremented row arrive on the rows and the documents channels', async () => {
    const rowsChannel = 'tablesdb.main.tables.parties.rows';
    const upsertChannel = 'databases.main.collections.parties.documents.upsert';
    const feed = await subscribeWith(context.sdk, context.endpoint, [rowsChannel, upsertChannel]);
    try {
      const id = freshId('party');
      const upserted = await operatorCall(context, 'PUT', `/tablesdb/main/tables/parties/rows/${id}`, { data: { name: `Party ${id}`, slug: id, founded: 1990 } });
      expect(upserted.status).toBe(200);
      expect(upserted.body).toMatchObject({ $id: id, $tableId: 'parties', founded: 1990 });
      const incremented = await operatorCall(context, 'PATCH', `/tablesdb/main/tables/parties/rows/${id}/founded/increment`, { value: 3 });
      expect(incremented.body).toMatchObject({ $id: id, founded: 1993 });

      const upsert = await feed.next((message) => message.events.includes(`databases.main.tables.parties.rows.${id}.upsert`));
      expect(upsert.events).toContain(`databases.main.collections.parties.documents.${id}.upsert`);
      expect(upsert.channels.sort()).toEqual([rowsChannel, upsertChannel].sort());
      expect(upsert.payload).toMatchObject({ $id: id, founded: 1990 });

      const update = await feed.next((message) => message.events.includes(`databases.main.tables.parties.rows.${id}.update`));
      expect(update.channels).toEqual([rowsChannel]);
      expect(update.payload).toMatchObject({ $id: id, founded: 1993 });
    } finally {
      await feed.close();
    }
  });
});
