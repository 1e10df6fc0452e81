import { z } from 'zod';
import { defineRoute } from '../../core/route.ts';
import { param, type ParamDefinition } from '../../core/params.ts';
import { address, documentPath, source } from './document-routes.ts';
import { changeCounter, type CounterChange } from './document-counters.ts';
import { transactionIdParam } from '../transactions/transaction-param.ts';
import type { HandlerInput } from '../../core/route.ts';

const NUMBER_MESSAGE = 'Value must be a valid number';
const number = z.number({ error: NUMBER_MESSAGE }).refine(Number.isFinite, { error: NUMBER_MESSAGE });

function numeric(description: string) {
  return { schema: number, required: false as const, description } satisfies ParamDefinition;
}

function bound(description: string) {
  return { schema: number.nullable(), required: false as const, description } satisfies ParamDefinition;
}

const counterParams = {
  ...address,
  documentId: param.uid({ required: true, description: 'Document ID.' }),
  attribute: param.uid({ required: true, description: 'Attribute key (an integer or float attribute).' }),
  source,
  transactionId: transactionIdParam,
};

/** Applies the change, or stages it when the request names a transaction. */
function counterHandler({ params, ctx, services }: HandlerInput<typeof counterParams>, change: CounterChange) {
  if (params.transactionId) return services.transactions.stageCounter(ctx.identity, params.transactionId, { address: params, documentId: params.documentId, source: params.source }, change);
  return changeCounter(services.documents, ctx.identity, params, params.documentId, change, params.source);
}
const abuse = { limit: 120, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] };

export const incrementDocumentAttribute = defineRoute({
  id: 'databases.incrementDocumentAttribute',
  method: 'PATCH',
  path: `${documentPath}/{documentId}/{attribute}/increment`,
  summary: 'Increment a numeric attribute of a document atomically; needs the update permission.',
  scope: 'documents.write',
  abuse,
  params: {
    ...counterParams,
    value: numeric('How much to add; more than 0, default 1.'),
    max: bound('The most the attribute may hold afterwards; an increment that would pass it is refused and nothing is written.'),
  },
  response: { status: 200, model: 'Document' },
  handler: (input) => counterHandler(input, { direction: 'increment', attribute: input.params.attribute, value: input.params.value ?? 1, bound: input.params.max }),
});

export const decrementDocumentAttribute = defineRoute({
  id: 'databases.decrementDocumentAttribute',
  method: 'PATCH',
  path: `${documentPath}/{documentId}/{attribute}/decrement`,
  summary: 'Decrement a numeric attribute of a document atomically; needs the update permission.',
  scope: 'documents.write',
  abuse,
  params: {
    ...counterParams,
    value: numeric('How much to take away; more than 0, default 1.'),
    min: bound('The least the attribute may hold afterwards; a decrement that would pass it is refused and nothing is written.'),
  },
  response: { status: 200, model: 'Document' },
  handler: (input) => counterHandler(input, { direction: 'decrement', attribute: input.params.attribute, value: input.params.value ?? 1, bound: input.params.min }),
});
