import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';
import { hasFullTextQuery } from '../../core/full-text-queries.ts';
import { sourceHeader } from '../history/source-param.ts';
import { transactionIdParam } from '../transactions/transaction-param.ts';

export const address = {
  databaseId: param.uid({ required: true, description: 'Database ID.' }),
  collectionId: param.uid({ required: true, description: 'Collection ID.' }),
};
export const documentPath = '/databases/{databaseId}/collections/{collectionId}/documents';
export const source = sourceHeader('Where the change comes from: a web address, or a note of up to 2000 characters on one line; kept in the change history of directory records (non-ASCII as UTF-8\'\' and percent-encoded UTF-8).');

export const listDocuments = defineRoute({
  id: 'databases.listDocuments',
  method: 'GET',
  path: documentPath,
  summary: 'List the documents of a collection the caller may read, filtered, sorted and paginated by queries.',
  scope: 'documents.read',
  expensive: { kind: 'search', when: (params) => hasFullTextQuery(params.queries) },
  params: {
    ...address,
    queries: param.queries({ description: 'Query strings (JSON) built with Query.*: filters, order, limit, offset, cursor, select.' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'DocumentList' },
  handler: ({ params, ctx, services }) =>
    services.documents.list(ctx.identity, params, params.queries ?? [], params.total ?? true),
});

export const createDocument = defineRoute({
  id: 'databases.createDocument',
  method: 'POST',
  path: documentPath,
  summary: 'Create a document; the caller needs the collection\'s create permission.',
  scope: 'documents.write',
  abuse: { limit: 120, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    ...address,
    documentId: param.newId({ required: true, description: 'Document ID, or unique() to have one generated.' }),
    data: param.object({ required: true, description: 'Attribute values as a JSON object.' }),
    permissions: param.permissions({ description: 'Permission strings; defaults to the creating user.' }),
    source,
    transactionId: transactionIdParam,
  },
  response: { status: 201, model: 'Document' },
  handler: ({ params, ctx, services }) =>
    params.transactionId
      ? services.transactions.stageCreate(ctx, params.transactionId, { address: params, documentId: params.documentId, data: params.data, permissions: params.permissions, source: params.source })
      : services.documents.create(ctx, params, params.documentId, params.data, params.permissions, params.source),
});

export const getDocument = defineRoute({
  id: 'databases.getDocument',
  method: 'GET',
  path: `${documentPath}/{documentId}`,
  summary: 'Get one document by id.',
  scope: 'documents.read',
  params: {
    ...address,
    documentId: param.uid({ required: true, description: 'Document ID.' }),
    queries: param.queries({ description: 'Select queries only.' }),
  },
  response: { status: 200, model: 'Document' },
  handler: ({ params, ctx, services }) =>
    services.documents.get(ctx.identity, params, params.documentId, params.queries ?? []),
});

export const updateDocument = defineRoute({
  id: 'databases.updateDocument',
  method: 'PATCH',
  path: `${documentPath}/{documentId}`,
  summary: 'Update some attributes and/or the permissions of a document.',
  scope: 'documents.write',
  abuse: { limit: 120, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    ...address,
    documentId: param.uid({ required: true, description: 'Document ID.' }),
    data: param.object({ description: 'Attribute values to change.' }),
    permissions: param.permissions({ description: 'New permission strings; omitted keeps the current ones.' }),
    source,
    transactionId: transactionIdParam,
  },
  response: { status: 200, model: 'Document' },
  handler: ({ params, ctx, services }) =>
    params.transactionId
      ? services.transactions.stageUpdate(ctx.identity, params.transactionId, { address: params, documentId: params.documentId, data: params.data, permissions: params.permissions, source: params.source })
      : services.documents.update(ctx.identity, params, params.documentId, params.data, params.permissions, params.source),
});

export const deleteDocument = defineRoute({
  id: 'databases.deleteDocument',
  method: 'DELETE',
  path: `${documentPath}/{documentId}`,
  summary: 'Delete a document.',
  scope: 'documents.write',
  abuse: { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    ...address,
    documentId: param.uid({ required: true, description: 'Document ID.' }),
    source,
    transactionId: transactionIdParam,
  },
  response: { status: 204 },
  handler: ({ params, ctx, services }) =>
    params.transactionId
      ? services.transactions.stageDelete(ctx.identity, params.transactionId, { address: params, documentId: params.documentId, source: params.source })
      : services.documents.delete(ctx.identity, params, params.documentId, params.source),
});
