import type { Kysely } from 'kysely';
import { executionEvent, type EventBus } from '../../events/index.ts';
import type { CollectionStore } from '../../db/documents/collection-store.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import { executionModel } from './execution-model.ts';

/**
 * Appends `functions.ID.executions.ID.create|update` in the transaction `trx` that wrote the
 * execution, with the model a client gets (logs and errors blank) and its read roles.
 */
export class ExecutionEvents {
  private readonly bus: EventBus;
  private readonly store: CollectionStore;

  constructor(bus: EventBus, store: CollectionStore) {
    this.bus = bus;
    this.store = store;
  }

  async created(trx: Kysely<any>, stored: StoredDocument): Promise<void> {
    await this.bus.append(trx, executionEvent('create', executionModel(stored, false)));
  }

  /** Reads the execution back inside `trx`, so the event carries what this transaction wrote. */
  async updated(trx: Kysely<any>, executionId: string): Promise<void> {
    const stored = await this.store.getForWrite(executionId, trx);
    if (stored) await this.bus.append(trx, executionEvent('update', executionModel(stored, false)));
  }
}
