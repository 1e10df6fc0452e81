import type { LoadedFunction } from '../../functions/load-functions.ts';
import type { ExecutionResult, FunctionPool } from '../../functions/runtime/function-pool.ts';

/** A function as the Executions layer sees it: its declaration and where its code was found. */
export type DeclaredFunction = LoadedFunction;
export type FunctionOutcome = ExecutionResult;
/** What runs one request through a function (the worker pool, functions/runtime). */
export type FunctionRunner = Pick<FunctionPool, 'execute'>;
