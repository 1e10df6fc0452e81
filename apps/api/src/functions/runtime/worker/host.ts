/**
 * The program each worker process runs (under Node's permission model, see worker-process.ts):
 * it loads the function's entry point on its first execution and then runs one execution per
 * `execute` message, answering as open-runtimes' Node server does. Only Node's own modules and
 * this folder are imported here, because the worker may read nothing else but the function's
 * (worker-launch.ts copies the few server modules it imports from elsewhere into that folder).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ParentMessage, WorkerMessage } from '../protocol.ts';
import { createFunctionContext, type FunctionContext, type ResponseDescriptor } from './function-context.ts';
import { FunctionLogger } from './function-logger.ts';
import { installNetworkGuard } from './network-guard.ts';
import { normalizeOutput } from './response-output.ts';
import { confineSignals } from './signal-guard.ts';

type UserFunction = (context: FunctionContext) => unknown;

const [entrypointPath = '', entrypoint = ''] = process.argv.slice(2);
let userFunction: UserFunction | undefined;

function send(message: WorkerMessage): void {
  process.send!(message);
}

async function loadUserFunction(context: FunctionContext): Promise<UserFunction | undefined> {
  if (userFunction) return userFunction;
  if (!existsSync(entrypointPath)) {
    context.error(`Failed to load entrypoint, file ${entrypoint} does not exist.`);
    return undefined;
  }
  try {
    const module = (await import(pathToFileURL(entrypointPath).href)) as { default?: unknown };
    const candidate = module.default ?? module;
    if (typeof candidate !== 'function') throw new TypeError("Function signature invalid. Did you forget to export a 'main' function?");
    userFunction = candidate as UserFunction;
    return userFunction;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SyntaxError) context.error(`Syntax error in ${entrypoint}: ${message}`);
    else if (error instanceof TypeError) context.error(message);
    else context.error(`Failed to load module: ${message}`);
    return undefined;
  }
}

async function execute(message: ParentMessage): Promise<void> {
  const logger = new FunctionLogger(message.logging, (stream, text) => send({ type: 'log', stream, text }));
  const context = createFunctionContext(message.request, logger);
  let output: ResponseDescriptor | null | undefined = null;
  logger.captureConsole();
  try {
    const run = await loadUserFunction(context);
    if (!run) {
      output = context.res.text('', 503, {});
    } else {
      try {
        output = (await run(context)) as ResponseDescriptor | null | undefined;
      } catch (error) {
        context.error(error instanceof Error ? error.stack || error : error);
        output = context.res.text('', 500, {});
      }
    }
  } finally {
    logger.releaseConsole();
  }
  if (output === null || output === undefined) {
    context.error('Return statement missing. return context.res.empty() if no response is expected.');
    output = context.res.text('', 500, {});
  }
  let result;
  try {
    result = normalizeOutput(output);
  } catch (error) {
    context.error((error as Error).message);
    result = normalizeOutput(context.res.text('', 500, {}));
  }
  if (result.body.length > message.maxResponseBytes) {
    context.error(`Response body is ${result.body.length} bytes; the limit is ${message.maxResponseBytes}.`);
    result = normalizeOutput(context.res.text('', 500, {}));
  }
  send({ type: 'result', ...result });
}

process.on('message', (message: ParentMessage) => {
  if (message?.type === 'execute') void execute(message);
});

process.on('uncaughtException', (error) => {
  const text = error instanceof Error ? error.stack || String(error) : String(error);
  // Exit even if the channel cannot take the message.
  setTimeout(() => process.exit(70), 1000).unref();
  process.send!({ type: 'crash', error: text } satisfies WorkerMessage, () => process.exit(70));
});

// The pool went away: nothing is left to answer to.
process.on('disconnect', () => process.exit(0));

// Before any of the function's code is loaded.
await installNetworkGuard({ apiEndpoint: process.env.APPWRITE_FUNCTION_API_ENDPOINT, report: (text) => send({ type: 'log', stream: 'errors', text: `${text}\n` }) });
confineSignals();

send({ type: 'ready' });
