import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { stepAttribute } from '../../db/documents/counter-update.ts';
import { documentEvent } from '../../events/index.ts';
import { authorOf } from '../history/change-author.ts';
import { documentAllows } from './collection-permissions.ts';
import { toDocumentModel, type DocumentModel } from './document-model.ts';
import type { DocumentsService } from './documents-service.ts';
import type { DocumentAddress } from './document-address.ts';

export type CounterDirection = 'increment' | 'decrement';

export interface CounterChange {
  direction: CounterDirection;
  attribute: string;
  /** How much to add or take away; more than 0. */
  value: number;
  /** The most (increment) or least (decrement) the attribute may hold afterwards; null or absent: no bound. */
  bound?: number | null | undefined;
}

/**
 * Adds to or takes from one numeric attribute of a document, atomically in SQL (two concurrent
 * changes are both counted), refusing a change that would pass the bound. Needs the update
 * permission; the change, its history record and its `update` event commit in one transaction.
 */
export async function changeCounter(documents: DocumentsService, identity: Identity, address: DocumentAddress, documentId: string, change: CounterChange, source = ''): Promise<DocumentModel> {
  const entry = documents.collection(address, identity);
  if (!(change.value > 0)) throw new AppwriteError('general_argument_invalid', 'Value must be numeric and greater than 0');
  const attribute = entry.definition.attributes.find((candidate) => candidate.key === change.attribute);
  if (!attribute) throw new AppwriteError('attribute_not_found');
  if ((attribute.type !== 'integer' && attribute.type !== 'double') || attribute.array) {
    throw new AppwriteError('attribute_type_invalid', `databases "${attribute.key}" is not a number`);
  }
  // An integer column keeps integers: a fractional step would be rounded (PostgreSQL) or stored as a real (SQLite).
  if (attribute.type === 'integer' && !Number.isSafeInteger(change.value)) {
    throw new AppwriteError('general_argument_invalid', `Value must be a whole number to change the integer attribute "${attribute.key}"`);
  }
  const hasBound = change.bound !== null && change.bound !== undefined;
  const bound = hasBound ? { kind: change.direction === 'increment' ? ('max' as const) : ('min' as const), value: change.bound! } : undefined;
  return documents.transaction(async (trx) => {
    const existing = await entry.store.getForWrite(documentId, trx);
    if (!existing) throw new AppwriteError('document_not_found');
    const allowed = entry.permissions.allows('update', identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, 'update', identity));
    if (!allowed) throw new AppwriteError('user_unauthorized');
    const at = now();
    const delta = change.direction === 'increment' ? change.value : -change.value;
    const stepped = await stepAttribute(trx, entry.definition, existing.sequence, { attribute, delta, ...(bound ? { bound } : {}) }, at);
    if (!stepped) {
      throw new AppwriteError('attribute_limit_exceeded', `databases "${attribute.key}" has reached the ${bound!.kind === 'max' ? 'maximum' : 'minimum'} value of ${bound!.value}`);
    }
    const updated = (await entry.store.getForWrite(documentId, trx))!;
    await documents.history.record(trx, [{ collection: entry.definition, documentId, action: 'update', author: authorOf(identity), source, before: existing, after: updated, at }]);
    const model = toDocumentModel(entry.definition, updated);
    await documents.events.append(trx, documentEvent('update', entry.definition, model, identity.userId));
    return model;
  });
}
