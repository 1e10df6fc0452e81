import { z } from 'zod';
import type { ParamDefinition } from '../../core/params.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';

const functionId = param.uid({ required: true, description: 'Function ID.' });
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;
const methodMessage = `Value must be one of (${METHODS.join(', ')})`;

/** Appwrite's loose Boolean validator: true, false, "true", "false", 1, 0, "1", "0". */
const looseBoolean: ParamDefinition<z.ZodType<boolean>> & { required: false } = {
  schema: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)], { error: 'Value must be a valid boolean' }).transform((value) => value === true || value === 'true' || value === '1' || value === 1),
  required: false,
  description: 'Run in the background: answers 202 at once with status waiting (or scheduled). Default false.',
};

export const createExecution = defineRoute({
  id: 'functions.createExecution',
  method: 'POST',
  path: '/functions/{functionId}/executions',
  summary: 'Run a function: synchronously (201 with its response) or in the background (202), now or at scheduledAt.',
  scope: 'execution.write',
  expensive: { kind: 'execution' },
  params: {
    functionId,
    body: param.string({ max: 10_485_760, description: 'HTTP body of the execution. Default empty.' }),
    async: looseBoolean,
    path: param.string({ max: 2048, description: 'HTTP path of the execution, with its query string if any. Default /.' }),
    method: { schema: z.enum(METHODS, { error: methodMessage }), required: false, description: 'HTTP method of the execution. Default POST.' },
    headers: { schema: z.unknown(), required: false, description: 'HTTP headers of the execution: an object (or its JSON text) of names made of letters, digits and hyphens, none starting x-appwrite-.' },
    scheduledAt: { schema: z.string({ error: 'Value must be a valid string and no longer than 100 chars' }).max(100, { error: 'Value must be a valid string and no longer than 100 chars' }).nullable(), required: false, description: 'When to run it (ISO 8601, whole minutes, more than a minute ahead); needs async.' },
  },
  response: { status: 201, model: 'Execution' },
  handler: ({ params, ctx, services }) =>
    services.functions.executions.create(
      { identity: ctx.identity, ip: ctx.ip },
      {
        functionId: params.functionId, body: params.body ?? '', async: params.async ?? false, path: params.path ?? '/', method: params.method ?? 'POST',
        headers: params.headers, scheduledAt: params.scheduledAt ?? undefined,
      },
    ),
});

export const listExecutions = defineRoute({
  id: 'functions.listExecutions',
  method: 'GET',
  path: '/functions/{functionId}/executions',
  summary: "List a function's executions the caller may read (its own; every one for keys).",
  scope: 'execution.read',
  params: {
    functionId,
    queries: param.queries({ description: 'Query strings on trigger, status, responseStatusCode, duration, requestMethod, requestPath, deploymentId, $id, $createdAt, $updatedAt: filters, order, limit, offset, cursor.' }),
    search: param.string({ max: 256, description: 'Finds executions by function or execution ID (SDK 17).' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'ExecutionList' },
  handler: ({ params, ctx, services }) => services.functions.executions.list(ctx.identity, params.functionId, { queries: params.queries ?? [], search: params.search }, params.total ?? true),
});

export const getExecution = defineRoute({
  id: 'functions.getExecution',
  method: 'GET',
  path: '/functions/{functionId}/executions/{executionId}',
  summary: 'Get one execution the caller may read.',
  scope: 'execution.read',
  params: { functionId, executionId: param.uid({ required: true, description: 'Execution ID.' }) },
  response: { status: 200, model: 'Execution' },
  handler: ({ params, ctx, services }) => services.functions.executions.get(ctx.identity, params.functionId, params.executionId),
});
