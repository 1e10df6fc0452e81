import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';

const importId = param.uid({ required: true, description: 'Import ID.' });
const total = param.boolean({ description: 'When false the count is skipped and total is 0.' });
/** Each import reads a whole file twice and may write every row of it: a few an hour is what a person needs. */
const perUserHour = (limit: number) => ({ limit, windowSeconds: 3600, key: ['ip', 'method', 'url', 'userId'] });

export const createImport = defineRoute({
  id: 'imports.create',
  method: 'POST',
  path: '/imports',
  summary: 'Start the dry run of a file uploaded to the imports bucket (editors and API keys): every row is checked and reported, nothing is written.',
  scope: 'documents.write',
  abuse: perUserHour(60),
  params: {
    fileId: param.uid({ required: true, description: 'The file in the imports bucket.' }),
    collectionId: param.uid({ description: "A CSV file's collection, when the file is not named after it; for a Popolo document, the only collection to import." }),
    format: param.string({ max: 16, description: 'csv, popolo or geojson; by default from the file name (.csv, .json, .geojson).' }),
  },
  response: { status: 202, model: 'Import' },
  handler: ({ params, ctx, services }) => services.imports.create(ctx.identity, params),
});

export const listImports = defineRoute({
  id: 'imports.list',
  method: 'GET',
  path: '/imports',
  summary: 'List imports, newest first (editors and API keys).',
  scope: 'documents.read',
  params: {
    queries: param.queries({ description: 'Query strings on status, fileId, format, collectionId, userId, $createdAt, $updatedAt, $sequence: filters, order, limit, offset, cursor.' }),
    total,
  },
  response: { status: 200, model: 'ImportList' },
  handler: ({ params, ctx, services }) => services.imports.list(ctx.identity, { queries: params.queries ?? [] }, params.total ?? true),
});

export const getImport = defineRoute({
  id: 'imports.get',
  method: 'GET',
  path: '/imports/{importId}',
  summary: 'Get an import: its status and counts (editors and API keys).',
  scope: 'documents.read',
  params: { importId },
  response: { status: 200, model: 'Import' },
  handler: ({ params, ctx, services }) => services.imports.get(ctx.identity, params.importId),
});

export const listImportRows = defineRoute({
  id: 'imports.listRows',
  method: 'GET',
  path: '/imports/{importId}/rows',
  summary: "An import's report, one row per row of the file, in file order (editors and API keys).",
  scope: 'documents.read',
  params: {
    importId,
    queries: param.queries({ description: 'Query strings on action, collectionId, recordId, line, $sequence: filters, order, limit, offset, cursor.' }),
    total,
  },
  response: { status: 200, model: 'ImportRowList' },
  handler: ({ params, ctx, services }) => services.imports.listRows(ctx.identity, params.importId, { queries: params.queries ?? [] }, params.total ?? true),
});

export const writeImport = defineRoute({
  id: 'imports.write',
  method: 'POST',
  path: '/imports/{importId}/write',
  summary: 'Write a checked import, in batches, each change in the history with the file name as source (editors and API keys); 409 unless the import is checked.',
  scope: 'documents.write',
  abuse: perUserHour(60),
  params: { importId },
  response: { status: 202, model: 'Import' },
  handler: ({ params, ctx, services }) => services.imports.write(ctx.identity, params.importId),
});
