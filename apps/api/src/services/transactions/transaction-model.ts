import { z } from 'zod';
import type { StoredDocument } from '../../db/documents/stored-document.ts';

/**
 * The statuses this server gives a transaction. Appwrite also shows `committing` while a commit
 * runs; here the commit settles the row inside its own database transaction, so no one sees it.
 */
export type TransactionStatus = 'pending' | 'committed' | 'failed';

/** Appwrite's Transaction model. */
export interface TransactionModel {
  $id: string;
  $createdAt: string;
  $updatedAt: string;
  status: string;
  operations: number;
  expiresAt: string;
}

export function toTransactionModel(stored: StoredDocument): TransactionModel {
  return {
    $id: stored.id,
    $createdAt: stored.createdAt,
    $updatedAt: stored.updatedAt,
    status: String(stored.data['status']),
    operations: Number(stored.data['operations']),
    expiresAt: String(stored.data['expiresAt']),
  };
}

const date = z.string().describe('ISO 8601 date-time.');
const transaction = z.object({
  $id: z.string(),
  $createdAt: date,
  $updatedAt: date,
  status: z.enum(['pending', 'committed', 'failed']).describe('`failed` also after a rollback, as in Appwrite.'),
  operations: z.number().int().describe('Writes staged so far.'),
  expiresAt: date.describe('After this the transaction is refused, and soon removed.'),
});

export const transactionModels = {
  Transaction: transaction,
  TransactionList: z.object({ total: z.number().int(), transactions: z.array(transaction) }),
};
