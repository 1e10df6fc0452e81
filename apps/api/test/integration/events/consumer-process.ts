/**
 * A server process reduced to its event bus: `node consumer-process.ts '{"url","schema","name"}'`
 * runs the durable consumer `name` on that PostgreSQL schema, recording each event it handles in
 * `evt_handled` (in the handler's transaction), prints `ready`, and stops on SIGTERM.
 */
import { sql } from 'kysely';
import { openPostgres } from '../../../src/db/dialects/postgres.ts';
import { EventBus } from '../../../src/events/index.ts';

const { url, schema, name } = JSON.parse(process.argv[2]!) as { url: string; schema: string; name: string };
const dialect = openPostgres(url, schema);
const bus = await EventBus.start(dialect, { pollMs: 20 });
const stop = await bus.consume(name, async (trx, event) => {
  await sql`insert into evt_handled (seq, pid) values (${event.position.seq}, ${process.pid})`.execute(trx);
});
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void stop().then(() => bus.close()).then(() => dialect.close()).then(() => process.exit(0));
});
