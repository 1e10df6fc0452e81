/**
 * Messaging at scale: `npx node bench/messaging.ts [--subscribers 100000] [--engines sqlite,postgres]`
 * (or `npm run bench -- --messaging`). Per engine: an in-process server (startTestServer) with its
 * mail going to a minimal in-process SMTP sink that counts envelopes per address; users, e-mail
 * targets and subscriptions to one topic written in bulk into the store; one message sent to the
 * topic through the API. Reports the bulk insert time, the send's total time and mails/s, each
 * step's recipient selection time, the query plans, what the reads of the replaced code (the whole
 * recipient list and the whole ledger, every step) cost on the same data, and checks that every
 * subscriber got exactly one mail. Not part of `npm test`.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { AuthTables } from '../apps/api/src/db/system/auth-tables.ts';
import type { MessagingTables } from '../apps/api/src/services/messaging/messaging-tables.ts';
import { sourceQuery } from '../apps/api/src/services/messaging/recipients.ts';
import { postgresAvailable, startTestServer, TEST_API_KEY, TEST_PROJECT, type Engine } from '../apps/api/test/support/test-server.ts';

type Db = Kysely<AuthTables & MessagingTables>;

export interface MessagingBenchOptions {
  subscribers: number;
  engines: Engine[];
  log: (line: string) => void;
}

export const MESSAGING_BENCH_DEFAULTS = { subscribers: 100_000, engines: ['sqlite', 'postgres'] as Engine[] };

const TOPIC = 'bench-topic';
const CHUNK = 1_000;
const addressOf = (index: number) => `reader${String(index).padStart(6, '0')}@example.test`;

interface Sink {
  url: string;
  perAddress: Map<string, number>;
  close(): Promise<void>;
}

/** Accepts every mail without parsing it, counting the envelope recipients. */
function startSink(): Promise<Sink> {
  const perAddress = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) perAddress.set(rcpt.address, (perAddress.get(rcpt.address) ?? 0) + 1);
        callback();
      });
      stream.resume();
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, perAddress, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

async function bulkInsert(db: Db, count: number): Promise<void> {
  const at = new Date().toISOString().replace('Z', '+00:00');
  await db.insertInto('_messaging_topics').values({ id: TOPIC, name: 'Bench topic', subscribe: '["users"]', created_at: at, updated_at: at }).execute();
  const languages = ['en', 'fr', 'sw'];
  for (let start = 0; start < count; start += CHUNK) {
    const indexes = Array.from({ length: Math.min(CHUNK, count - start) }, (_, offset) => start + offset);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('_auth_users').values(indexes.map((index) => ({
        id: `reader${index}`, created_at: at, updated_at: at, name: `Reader ${index}`, email: addressOf(index), phone: null, password_hash: null, password_updated_at: null,
        status: 1, labels: '[]', email_verification: 1, phone_verification: 0, mfa: 0, prefs: JSON.stringify({ language: languages[index % 3] }), recovery_codes: null,
        totp_secret: null, totp_verified: 0, accessed_at: at,
      }))).execute();
      await trx.insertInto('_auth_targets').values(indexes.map((index) => ({
        id: `target${index}`, user_id: `reader${index}`, provider_type: 'email', provider_id: '', identifier: addressOf(index), name: '', expired: 0, created_at: at, updated_at: at,
      }))).execute();
      await trx.insertInto('_messaging_subscribers').values(indexes.map((index) => ({
        id: `sub${index}`, topic_id: TOPIC, target_id: `target${index}`, user_id: `reader${index}`, provider_type: 'email', created_at: at, updated_at: at,
      }))).execute();
    });
  }
}

/** The reads the replaced code made in every step: the topic's whole recipient list and the message's whole ledger, then a filter and a sort. */
async function replacedStepReads(db: Db, messageId: string): Promise<number> {
  const started = performance.now();
  const rows = await db
    .selectFrom('_messaging_subscribers as s')
    .innerJoin('_auth_targets as t', 't.id', 's.target_id')
    .innerJoin('_auth_users as u', 'u.id', 's.user_id')
    .select(['t.identifier', 'u.prefs', 'u.name', 'u.status', 's.id'])
    .where('s.topic_id', '=', TOPIC)
    .where('s.provider_type', '=', 'email')
    .execute();
  const ledger = await db.selectFrom('_messaging_deliveries').select('address').where('message_id', '=', messageId).execute();
  const done = new Set(ledger.map((entry) => entry.address.toLowerCase()));
  const pending = rows.filter((row) => row.status === 1 && !done.has(row.identifier.toLowerCase())).sort((a, b) => (a.identifier < b.identifier ? -1 : 1));
  pending.slice(0, 500);
  return performance.now() - started;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function queryPlan(engine: Engine, db: Db, messageId: string, after: string): Promise<string[]> {
  const compiled = sourceQuery(db, { $id: messageId, topics: [TOPIC], users: [], targets: [] }, 0, after, 501)!.compile();
  const explain = engine === 'sqlite' ? 'explain query plan ' : 'explain ';
  const result = await sql.raw<Record<string, unknown>>(`${explain}${compiled.sql}`).execute(db).catch(() => undefined);
  if (result) return result.rows.map((row) => String(row['detail'] ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
  // Parameters cannot be inlined by sql.raw: run the plan through the driver with them.
  const plan = await db.executeQuery<Record<string, unknown>>({ ...compiled, sql: `${explain}${compiled.sql}` });
  return plan.rows.map((row) => String(row['detail'] ?? row['QUERY PLAN'] ?? JSON.stringify(row)));
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
};

async function runEngine(engine: Engine, count: number, log: (line: string) => void): Promise<Record<string, unknown>> {
  const sink = await startSink();
  const server = await startTestServer({ engine, env: { SMTP_URL: sink.url, JOBS_POLL_MS: '100', LOG_LEVEL: 'warn', SITE_URL: 'https://atlas.example' } });
  try {
    const db = server.app.services.dialect.db as Db;
    const insertMs = await timed(() => bulkInsert(db, count));
    if (engine === 'postgres') await sql`analyze`.execute(db);
    log(`[${engine}] bulk insert of ${count} users, targets and subscriptions: ${(insertMs / 1000).toFixed(1)} s`);
    const messageId = `bench-${engine}`;
    const replacedBefore = await replacedStepReads(db, messageId);
    const planStart = await queryPlan(engine, db, messageId, '');

    const selects: number[] = [];
    server.app.services.messaging.delivery.stepTimings = (step) => selects.push(step.selectMs);
    const started = performance.now();
    const response = await fetch(`${server.endpoint}/messaging/messages/email`, {
      method: 'POST', headers: { 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ messageId, subject: 'Bench update', content: 'The candidate lists changed.', topics: [TOPIC], translations: { fr: { subject: 'Mise à jour', content: 'Les listes ont changé.' } } }),
    });
    if (response.status !== 201) throw new Error(`createEmail answered ${response.status}: ${await response.text()}`);
    let status = 'processing';
    let lastReport = started;
    while (status === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await db.selectFrom('_messaging_messages').select('status').where('id', '=', messageId).executeTakeFirstOrThrow()).status;
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        log(`[${engine}]   … ${sink.perAddress.size} addresses reached after ${((lastReport - started) / 1000).toFixed(0)} s`);
      }
    }
    const totalMs = performance.now() - started;
    const message = await db.selectFrom('_messaging_messages').select(['status', 'delivered_total']).where('id', '=', messageId).executeTakeFirstOrThrow();
    const counts = [...sink.perAddress.values()];
    const mails = counts.reduce((sum, value) => sum + value, 0);
    const everyoneOnce = sink.perAddress.size === count && counts.every((value) => value === 1) && Array.from({ length: count }, (_, index) => addressOf(index)).every((address) => sink.perAddress.get(address) === 1);

    const replacedAfter = await replacedStepReads(db, messageId);
    const selectAfter = await timed(() => sourceQuery(db, { $id: messageId, topics: [TOPIC], users: [], targets: [] }, 0, '', 501)!.execute());
    const tallyAfter = await timed(() => db.selectFrom('_messaging_deliveries').select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('sent_at').as('last')]).where('message_id', '=', messageId).where('failed', '=', 0).executeTakeFirstOrThrow());
    const planMid = await queryPlan(engine, db, messageId, `target${Math.floor(count / 2)}`);

    log(`[${engine}] send: status ${message.status}, deliveredTotal ${message.delivered_total}, ${mails} mails to ${sink.perAddress.size} addresses, each exactly once: ${everyoneOnce ? 'yes' : 'NO'}`);
    log(`[${engine}] send: ${(totalMs / 1000).toFixed(1)} s in all, ${(mails / (totalMs / 1000)).toFixed(0)} mails/s, ${selects.length} steps`);
    log(`[${engine}] per-step recipient selection (new, SQL keyset): ${stats(selects)}`);
    log(`[${engine}] after the send (ledger of ${count}): new selection from the start ${selectAfter.toFixed(1)} ms; step tally (count + last send) ${tallyAfter.toFixed(1)} ms`);
    log(`[${engine}] the replaced code's per-step reads: ${replacedBefore.toFixed(0)} ms with an empty ledger, ${replacedAfter.toFixed(0)} ms with a full one`);
    log(`[${engine}] plan of a topic page from the start:\n    ${planStart.join('\n    ')}`);
    log(`[${engine}] plan of a topic page from the middle:\n    ${planMid.join('\n    ')}`);
    if (!everyoneOnce || message.status !== 'sent') process.exitCode = 1;
    return { engine, count, insertMs, totalMs, mails, addresses: sink.perAddress.size, everyoneOnce, steps: selects.length, selects, selectAfter, tallyAfter, replacedBefore, replacedAfter, planStart, planMid };
  } finally {
    await server.close();
    await sink.close();
  }
}

export async function runMessagingBench(options: MessagingBenchOptions): Promise<Record<string, unknown>[]> {
  const results: Record<string, unknown>[] = [];
  for (const engine of options.engines) {
    if (engine === 'postgres' && !(await postgresAvailable())) {
      options.log('[postgres] not reachable: skipped');
      continue;
    }
    results.push(await runEngine(engine, options.subscribers, options.log));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { subscribers: { type: 'string' }, engines: { type: 'string' } } });
  await runMessagingBench({
    subscribers: values.subscribers ? Number(values.subscribers) : MESSAGING_BENCH_DEFAULTS.subscribers,
    engines: values.engines ? (values.engines.split(',') as Engine[]) : MESSAGING_BENCH_DEFAULTS.engines,
    log: (line) => console.log(line),
  });
}
