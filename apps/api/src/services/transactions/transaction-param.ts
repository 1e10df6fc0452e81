import { param } from '../../core/params.ts';

/** The optional `transactionId` of the document (and row) write routes: stage the write instead of applying it. */
export const transactionIdParam = param.uid({ description: 'Transaction ID: the write is staged in it, and applied when it is committed.' });
