import { execute, getOperationAST, GraphQLError, validate, type GraphQLSchema } from 'graphql';
import { AppwriteError, toErrorBody } from '../core/errors.ts';
import type { DocumentCache } from './document-cache.ts';
import { complexityLimit, MAX_BATCH_SIZE, MAX_COMPLEXITY } from './limits.ts';
import type { FieldInvoker } from './schema.ts';

/** One operation of a request body: `{ query, operationName?, variables? }`. */
interface Operation {
  query: string;
  operationName: string | undefined;
  variables: Record<string, unknown>;
}

export interface FormattedError {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
}

export interface OperationResult {
  data?: unknown;
  errors?: FormattedError[];
}

export interface BatchOptions {
  /** Depth and complexity limits apply (Appwrite applies them while abuse protection is on). */
  limits: boolean;
  /** GET: only `query` operations may run. */
  readOnly: boolean;
  /** Hears about errors that are not Appwrite's own (they reach the client as "Server Error"). */
  onUnexpected(error: unknown): void;
}

function variablesOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string' && value !== '') {
    try {
      return variablesOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Appwrite's reading of a body: one operation or a list of them, each with a non-empty `query`, at most MAX_BATCH_SIZE. */
export function readOperations(body: unknown): Operation[] {
  const list = Array.isArray(body) ? body : body !== null && typeof body === 'object' && Object.keys(body).length > 0 ? [body] : [];
  if (list.length === 0) throw new AppwriteError('graphql_no_query');
  if (list.length > MAX_BATCH_SIZE) throw new AppwriteError('graphql_too_many_queries');
  return list.map((item: unknown) => {
    const fields = (item ?? {}) as Record<string, unknown>;
    if (typeof fields['query'] !== 'string' || fields['query'] === '') throw new AppwriteError('graphql_no_query');
    const name = fields['operationName'];
    return { query: fields['query'], operationName: typeof name === 'string' && name !== '' ? name : undefined, variables: variablesOf(fields['variables']) };
  });
}

function formatError(error: GraphQLError, onUnexpected: (error: unknown) => void): FormattedError {
  const original = error.originalError;
  let message = error.message;
  // An error a route raised is shown as REST shows it; anything else never leaks its text.
  if (original && !(original instanceof GraphQLError)) {
    if (!(original instanceof AppwriteError)) onUnexpected(original);
    message = toErrorBody(original).message;
  }
  return {
    message,
    ...(error.locations?.length ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
    ...(error.path?.length ? { path: error.path } : {}),
  };
}

async function runOperation(schema: GraphQLSchema, documents: DocumentCache, operation: Operation, invoker: FieldInvoker, options: BatchOptions): Promise<OperationResult> {
  const prepared = documents.prepare(operation.query, options.limits);
  if (!prepared.document) return { errors: prepared.errors.map((error) => formatError(error, options.onUnexpected)) };
  if (options.readOnly) {
    const selected = getOperationAST(prepared.document, operation.operationName);
    if (selected && selected.operation !== 'query') throw new AppwriteError('graphql_method_unsupported');
  }
  // As graphql-php: complexity is only weighed for an otherwise valid document (it reads the variables); depth always.
  const complexity = options.limits && prepared.valid ? validate(schema, prepared.document, [complexityLimit(MAX_COMPLEXITY, operation.variables)]) : [];
  const invalid = [...complexity, ...prepared.errors];
  if (invalid.length) return { errors: invalid.map((error) => formatError(error, options.onUnexpected)) };
  const result = await execute({ schema, document: prepared.document, variableValues: operation.variables, operationName: operation.operationName, contextValue: invoker });
  return {
    ...(result.errors?.length ? { errors: result.errors.map((error) => formatError(error, options.onUnexpected)) } : {}),
    // graphql-php leaves `data` out when it is null.
    ...(result.data != null ? { data: result.data } : {}),
  };
}

/** Runs a request's operations one after another; one operation answers with its result, several with the list. */
export async function executeBatch(schema: GraphQLSchema, documents: DocumentCache, operations: readonly Operation[], invoker: FieldInvoker, options: BatchOptions): Promise<OperationResult | OperationResult[]> {
  const results: OperationResult[] = [];
  for (const operation of operations) results.push(await runOperation(schema, documents, operation, invoker, options));
  return results.length === 1 ? results[0]! : results;
}
