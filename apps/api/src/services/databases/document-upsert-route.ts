import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';
import { address, documentPath, source } from './document-routes.ts';
import { upsertDocument as upsert } from './document-upsert.ts';
import { transactionIdParam } from '../transactions/transaction-param.ts';

export const upsertDocument = defineRoute({
  id: 'databases.upsertDocument',
  method: 'PUT',
  path: `${documentPath}/{documentId}`,
  summary: 'Create a document, or replace the given attributes of the one with this id; needs the collection\'s create or update permission.',
  scope: 'documents.write',
  abuse: { limit: 120, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    ...address,
    documentId: param.newId({ required: true, description: 'Document ID, or unique() to have one generated.' }),
    data: param.object({ description: 'Attribute values as a JSON object; every required attribute, also when the document exists.' }),
    permissions: param.permissions({ description: 'Permission strings; omitted: the creating user\'s own, or the current ones of an existing document.' }),
    source,
    transactionId: transactionIdParam,
  },
  response: { status: 200, model: 'Document' },
  handler: ({ params, ctx, services }) =>
    params.transactionId
      ? services.transactions.stageUpsert(ctx, params.transactionId, { address: params, documentId: params.documentId, data: params.data, permissions: params.permissions, source: params.source })
      : upsert(services.documents, ctx, params, params.documentId, params.data, params.permissions, params.source),
});
