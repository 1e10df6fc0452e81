import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';
import { sourceHeader } from './source-param.ts';

const changeId = param.uid({ required: true, description: 'Change ID.' });

export const listChanges = defineRoute({
  id: 'history.listChanges',
  method: 'GET',
  path: '/history/changes',
  summary: 'List the changes to directory records, newest first (editors and API keys).',
  scope: 'documents.read',
  params: {
    queries: param.queries({ description: 'Query strings on collectionId, documentId, userId, keyName, action, revertOf, databaseId, source (an import\'s file name), $createdAt, $sequence: filters, order, limit, offset, cursor.' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'ChangeList' },
  handler: ({ params, ctx, services }) => services.history.list(ctx.identity, { queries: params.queries ?? [] }, params.total ?? true),
});

export const getChange = defineRoute({
  id: 'history.getChange',
  method: 'GET',
  path: '/history/changes/{changeId}',
  summary: 'Get one change with its fields before and after (editors and API keys).',
  scope: 'documents.read',
  params: { changeId },
  response: { status: 200, model: 'Change' },
  handler: ({ params, ctx, services }) => services.history.get(ctx.identity, params.changeId),
});

export const revertChange = defineRoute({
  id: 'history.revertChange',
  method: 'POST',
  path: '/history/changes/{changeId}/revert',
  summary: 'Put the record back as it was before the change (editors and API keys); 409 when the fields it wrote changed since. The revert is itself a change.',
  scope: 'documents.write',
  abuse: { limit: 120, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] },
  params: {
    changeId,
    source: sourceHeader('Why the change is reverted: a web address, or a note of up to 2000 characters on one line (non-ASCII as UTF-8\'\' and percent-encoded UTF-8).'),
  },
  response: { status: 201, model: 'Change' },
  handler: ({ params, ctx, services }) => services.history.revert(ctx.identity, params.changeId, params.source ?? ''),
});

export const getLatestChange = defineRoute({
  id: 'history.getLatestChange',
  method: 'GET',
  path: '/history/databases/{databaseId}/collections/{collectionId}/documents/{documentId}/latest',
  summary: "When a directory record last changed and the change's source when it is a web address (for anyone who may read the collection).",
  scope: 'documents.read',
  params: {
    databaseId: param.uid({ required: true, description: 'Database ID.' }),
    collectionId: param.uid({ required: true, description: 'Collection ID.' }),
    documentId: param.uid({ required: true, description: 'Document ID.' }),
  },
  response: { status: 200, model: 'LatestChange' },
  handler: ({ params, ctx, services }) => services.history.latest(ctx.identity, params, params.documentId),
});
