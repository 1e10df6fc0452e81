import { databasesTransactionRoutes, tablesDbTransactionRoutes } from './transaction-routes.ts';

export const transactionsRoutes = [...databasesTransactionRoutes, ...tablesDbTransactionRoutes];
