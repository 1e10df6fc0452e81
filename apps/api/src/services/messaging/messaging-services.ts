import type { Config } from '../../config.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { EventBus } from '../../events/index.ts';
import type { JobClock } from '../../jobs/job-clock.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { applyJobTables } from '../../jobs/job-tables.ts';
import { JobWorker } from '../../jobs/job-worker.ts';
import { createMailer, outboxDir } from '../../mail/index.ts';
import type { ProjectSchema } from '../../schema/project-schema.ts';
import type { DocumentsService } from '../databases/documents-service.ts';
import { EmailMessages } from './email-service.ts';
import { MESSAGE_SEND_JOB, MessageDelivery, PARALLEL_SENDS } from './message-delivery.ts';
import { applyMessagingTables } from './messaging-tables.ts';
import { RECORD_TOPICS_CONSUMER, RecordTopics } from './record-topics.ts';
import { SubscriberService } from './subscriber-service.ts';
import { TopicStore } from './topic-store.ts';
import { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export interface MessagingServices {
  email: EmailMessages;
  topics: TopicStore;
  subscribers: SubscriberService;
  unsubscribeTokens: UnsubscribeTokens;
  delivery: MessageDelivery;
  /** Gives every election and region its topic now (after records were written without events: the demo seed). */
  reconcileRecordTopics(): Promise<void>;
  /** Stops the send worker (waiting up to `timeoutMs` for a step in flight) and the topic consumer. */
  stop(timeoutMs: number): Promise<void>;
}

export interface MessagingDependencies {
  config: Config;
  dialect: SqlDialect;
  schema: ProjectSchema;
  events: EventBus;
  documents: DocumentsService;
  /** The server secret; unsubscribe tokens are signed with a key derived from it. */
  serverSecret: string;
  clock: JobClock;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/**
 * Topics (declared ones, and one per election and region), subscribers, and e-mail messages sent
 * in the background on the server's own mail settings (SMTP_URL, else the mail outbox folder).
 */
export async function createMessagingServices(deps: MessagingDependencies): Promise<MessagingServices> {
  const { config, dialect } = deps;
  await applyJobTables(dialect);
  await applyMessagingTables(dialect);
  const topics = new TopicStore(dialect);
  await topics.ensureDeclared(deps.schema.topics);
  const recordTopics = new RecordTopics(topics, deps.schema);
  await recordTopics.reconcile(deps.documents);
  const stopTopics = await deps.events.consume(RECORD_TOPICS_CONSUMER, recordTopics.handler);
  const mailer = createMailer({ ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}), from: config.mailFrom, outboxDir: outboxDir(config.dataDir), pooledConnections: PARALLEL_SENDS, log: (line) => deps.log('info', line) });
  const unsubscribeTokens = new UnsubscribeTokens(deps.serverSecret);
  const queue = new JobQueue(dialect, deps.clock);
  const delivery = new MessageDelivery(dialect, queue, mailer, unsubscribeTokens, { siteUrl: config.siteUrl, siteName: config.siteName, languages: config.languages, defaultLanguage: config.defaultLanguage, leaseMs: config.messagingSendLeaseMs }, (line) => deps.log('warn', line));
  const worker = new JobWorker(queue, new Map([[MESSAGE_SEND_JOB, delivery.handleJob]]), { concurrency: 2, pollMs: config.jobsPollMs, retryDelayMs: 5_000, log: deps.log });
  worker.start();
  return {
    email: new EmailMessages(dialect, delivery),
    topics,
    subscribers: new SubscriberService(dialect, topics, deps.events),
    unsubscribeTokens,
    delivery,
    reconcileRecordTopics: () => recordTopics.reconcile(deps.documents),
    async stop(timeoutMs) {
      await stopTopics();
      await worker.stop(timeoutMs);
      mailer.close?.();
    },
  };
}
