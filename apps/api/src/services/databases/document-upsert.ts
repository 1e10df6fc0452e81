import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import type { Permission } from '@ballot-atlas/shared/appwrite/permission';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { assertGrantable, defaultPermissions, documentPermissions } from '../../core/grants.ts';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import { validateDocumentData } from '../../schema/validate-document.ts';
import { documentEvent } from '../../events/index.ts';
import { authorOf } from '../history/change-author.ts';
import type { Caller } from './collection-abuse-limits.ts';
import { documentAllows } from './collection-permissions.ts';
import { toDocumentModel, type DocumentModel } from './document-model.ts';
import type { DocumentsService } from './documents-service.ts';
import type { DocumentAddress } from './document-address.ts';

/**
 * An upsert names every required attribute, as a create does, even when the document exists
 * (Appwrite validates the whole resulting document); optional ones left out keep their value.
 */
function upsertValues(collection: CollectionDefinition, data: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  // The path names the document; an `$id` echoed in the data is ignored, as Appwrite overwrites it.
  const { $id: _ignored, ...fields } = data;
  const values = validateDocumentData(collection, fields, creating ? 'create' : 'update');
  const missing = collection.attributes.find((attribute) => attribute.required && !Object.hasOwn(values, attribute.key));
  if (missing) throw new AppwriteError('document_invalid_structure', `Invalid document structure: Missing required attribute "${missing.key}"`);
  return values;
}

/**
 * Creates the document when it does not exist (the collection's create permission) or replaces
 * the given attributes when it does (update permission, from the collection or, with document
 * security, the document). Permissions left out are the caller's own on a create and the
 * current ones on an update; either way the caller must hold every role they name. The write,
 * its history record and its `upsert` event commit in one transaction.
 */
export async function upsertDocument(
  documents: DocumentsService,
  caller: Caller,
  address: DocumentAddress,
  documentId: string,
  data: Record<string, unknown> | undefined,
  permissionTexts: readonly string[] | null | undefined,
  source = '',
): Promise<DocumentModel> {
  const { identity } = caller;
  const entry = documents.collection(address, identity);
  const fields = data ?? {};
  if (Object.keys(fields).length === 0 && permissionTexts == null) throw new AppwriteError('document_missing_payload');
  const requested = permissionTexts == null ? undefined : documentPermissions(permissionTexts);
  const id = resolveNewId(documentId);
  return documents.transaction(async (trx) => {
    const existing = await entry.store.getForWrite(id, trx);
    const permissions: Permission[] = requested ?? (existing ? documentPermissions(existing.permissions) : defaultPermissions(identity));
    assertGrantable(permissions, identity);
    const at = now();
    if (!existing) {
      if (!entry.permissions.allows('create', identity)) throw new AppwriteError('user_unauthorized');
      const values = upsertValues(entry.definition, fields, true);
      await documents.abuseLimits.checkCreate(address, caller);
      await entry.store.insert([{ id, data: values, permissions, createdAt: at }], trx);
    } else {
      const allowed = entry.permissions.allows('update', identity) || (entry.definition.documentSecurity && documentAllows(existing.permissions, 'update', identity));
      if (!allowed) throw new AppwriteError('user_unauthorized');
      const values = upsertValues(entry.definition, fields, false);
      await entry.store.update(existing.sequence, values, requested, at, trx);
    }
    const written = (await entry.store.getForWrite(id, trx))!;
    await documents.history.record(trx, [{ collection: entry.definition, documentId: id, action: existing ? 'update' : 'create', author: authorOf(identity), source, before: existing, after: written, at }]);
    const model = toDocumentModel(entry.definition, written);
    await documents.events.append(trx, documentEvent('upsert', entry.definition, model, identity.userId));
    return model;
  });
}
