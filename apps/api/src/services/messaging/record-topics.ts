import type { Kysely } from 'kysely';
import { electionTopicId, regionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { ADMIN } from '../../core/context.ts';
import type { CommittedEvent } from '../../events/index.ts';
import type { ProjectSchema } from '../../schema/project-schema.ts';
import type { DocumentsService } from '../databases/documents-service.ts';
import type { MessagingDb } from './messaging-tables.ts';
import type { TopicStore } from './topic-store.ts';

/** The durable consumer that keeps one topic per election and per region (its cursor row in `_events_consumers`). */
export const RECORD_TOPICS_CONSUMER = 'messaging-record-topics';

/** Whoever is signed in may follow an election or a region. */
const RECORD_TOPIC_SUBSCRIBE = ['users'];

/** The collections that get a topic per document, and how the topic id is made from the document id. */
const RECORD_KINDS = [
  { collectionId: 'elections', topicId: electionTopicId, prefix: 'election-' },
  { collectionId: 'regions', topicId: regionTopicId, prefix: 'region-' },
] as const;

const PAGE = 5000;

/**
 * Topics that follow the directory's elections and regions: created, renamed and deleted with
 * their record by a durable event consumer (which also sees the console import's writes: importBatch
 * appends their events in its transaction), and reconciled once at start for what was written
 * without events (the operator's seed, a database restored from a backup).
 */
export class RecordTopics {
  private readonly topics: TopicStore;
  private readonly kinds: { databaseId: string; collectionId: string; topicId: (id: string) => string; prefix: string }[];

  constructor(topics: TopicStore, schema: ProjectSchema) {
    this.topics = topics;
    this.kinds = RECORD_KINDS.flatMap((kind) => {
      const collection = schema.collections.find((candidate) => candidate.$id === kind.collectionId);
      return collection ? [{ ...kind, databaseId: collection.databaseId }] : [];
    });
  }

  /** Applies one committed event, in the transaction that moves the consumer past it. */
  readonly handler = async (trx: Kysely<any>, event: CommittedEvent): Promise<void> => {
    const [type, databaseId, , collectionId, documents, , action] = (event.events[0] ?? '').split('.');
    if (type !== 'databases' || documents !== 'documents') return;
    const kind = this.kinds.find((candidate) => candidate.databaseId === databaseId && candidate.collectionId === collectionId);
    const record = event.payload as { $id?: unknown; name?: unknown };
    if (!kind || typeof record.$id !== 'string') return;
    const topicId = kind.topicId(record.$id);
    if (action === 'delete') await this.topics.delete(topicId, trx as MessagingDb);
    else if (action === 'create' || action === 'update' || action === 'upsert') await this.topics.upsert(topicId, nameOf(record), RECORD_TOPIC_SUBSCRIBE, trx as MessagingDb);
  };

  /** Makes the topics match the records now: one per record, named after it, none for records that are gone. */
  async reconcile(documents: DocumentsService): Promise<void> {
    for (const kind of this.kinds) {
      const wanted = new Map<string, string>();
      for (let offset = 0; ; offset += PAGE) {
        const queries = [JSON.stringify({ method: 'limit', values: [PAGE] }), JSON.stringify({ method: 'offset', values: [offset] }), JSON.stringify({ method: 'orderAsc', attribute: '$id' })];
        const page = await documents.list(ADMIN, { databaseId: kind.databaseId, collectionId: kind.collectionId }, queries, false);
        for (const document of page.documents) wanted.set(kind.topicId(document.$id), nameOf(document as { name?: unknown; $id: string }));
        if (page.documents.length < PAGE) break;
      }
      for (const [topicId, name] of wanted) await this.topics.upsert(topicId, name, RECORD_TOPIC_SUBSCRIBE);
      for (const topicId of await this.topics.idsWithPrefix(kind.prefix)) {
        if (!wanted.has(topicId)) await this.topics.delete(topicId);
      }
    }
  }
}

function nameOf(record: { $id?: unknown; name?: unknown }): string {
  return typeof record.name === 'string' && record.name !== '' ? record.name : String(record.$id);
}
