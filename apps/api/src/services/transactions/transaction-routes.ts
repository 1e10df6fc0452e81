import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { operationsParam, type OperationKeys } from './operations-param.ts';
import { TRANSACTION_LIMITS } from './staged-operation.ts';

/** The two APIs that serve the same transactions: ids, paths and the key names createOperations reads. */
const flavours = {
  databases: { base: '/databases/transactions', keys: { container: 'collectionId', record: 'documentId', attribute: 'attribute' } },
  tablesDB: { base: '/tablesdb/transactions', keys: { container: 'tableId', record: 'rowId', attribute: 'column' } },
} as const satisfies Record<string, { base: string; keys: OperationKeys }>;

const transactionId = param.uid({ required: true, description: 'Transaction ID.' });

function transactionRoutes(namespace: keyof typeof flavours) {
  const { base, keys } = flavours[namespace];
  return [
    defineRoute({
      id: `${namespace}.listTransactions`,
      method: 'GET',
      path: base,
      summary: 'List the caller\'s transactions (a key sees all), filtered and sorted by status and expiresAt.',
      scope: 'documents.read',
      params: { queries: param.queries({ description: 'Query strings on status and expiresAt; limit, offset, cursor.' }) },
      response: { status: 200, model: 'TransactionList' },
      handler: ({ params, ctx, services }) => services.transactions.list(ctx.identity, params.queries ?? [], true),
    }),
    defineRoute({
      id: `${namespace}.createTransaction`,
      method: 'POST',
      path: base,
      summary: 'Start a transaction: writes sent with its id are staged until it is committed or rolled back.',
      scope: 'documents.write',
      params: {
        ttl: param.integer({ min: TRANSACTION_LIMITS.ttlMin, max: TRANSACTION_LIMITS.ttlMax, description: `Seconds before the transaction expires; default ${TRANSACTION_LIMITS.ttlDefault}.` }),
      },
      response: { status: 201, model: 'Transaction' },
      handler: ({ params, ctx, services }) => services.transactions.create(ctx.identity, params.ttl),
    }),
    defineRoute({
      id: `${namespace}.getTransaction`,
      method: 'GET',
      path: `${base}/{transactionId}`,
      summary: 'Get one of the caller\'s transactions.',
      scope: 'documents.read',
      params: { transactionId },
      response: { status: 200, model: 'Transaction' },
      handler: ({ params, ctx, services }) => services.transactions.get(ctx.identity, params.transactionId),
    }),
    defineRoute({
      id: `${namespace}.updateTransaction`,
      method: 'PATCH',
      path: `${base}/{transactionId}`,
      summary: 'Commit (all staged writes at once, or none) or roll back a pending transaction.',
      scope: 'documents.write',
      params: {
        transactionId,
        commit: param.boolean({ description: 'Apply the staged writes.' }),
        rollback: param.boolean({ description: 'Discard the staged writes.' }),
      },
      response: { status: 200, model: 'Transaction' },
      handler: ({ params, ctx, services }) => services.transactions.update(ctx, params.transactionId, params.commit ?? false, params.rollback ?? false),
    }),
    defineRoute({
      id: `${namespace}.deleteTransaction`,
      method: 'DELETE',
      path: `${base}/{transactionId}`,
      summary: 'Delete a transaction and whatever it still had staged.',
      scope: 'documents.write',
      params: { transactionId },
      response: { status: 204 },
      handler: ({ params, ctx, services }) => services.transactions.delete(ctx.identity, params.transactionId),
    }),
    defineRoute({
      id: `${namespace}.createOperations`,
      method: 'POST',
      path: `${base}/{transactionId}/operations`,
      summary: `Stage several writes at once (each names its databaseId, ${keys.container}, ${keys.record}, action and data).`,
      scope: 'documents.write',
      params: { transactionId, operations: operationsParam(keys, `Writes to stage, at most ${TRANSACTION_LIMITS.maxOperations} per transaction.`) },
      response: { status: 201, model: 'Transaction' },
      handler: ({ params, ctx, services }) => services.transactions.createOperations(ctx.identity, params.transactionId, params.operations ?? []),
    }),
  ];
}

export const databasesTransactionRoutes = transactionRoutes('databases');
export const tablesDbTransactionRoutes = transactionRoutes('tablesDB');
