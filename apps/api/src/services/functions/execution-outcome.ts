import { LOG_LENGTH_LIMIT } from './execution-collection.ts';
import type { FunctionOutcome } from './function-runtime.ts';
import { keptResponseHeaders } from './execution-request.ts';

/** Keeps the end of an overlong log behind Appwrite's warning line. */
function capped(text: string, what: 'Logs' | 'Errors'): string {
  if (text.length <= LOG_LENGTH_LIMIT) return text;
  const warning = `[WARNING] ${what} truncated. The output exceeded ${LOG_LENGTH_LIMIT} characters.\n`;
  return warning + text.slice(-(LOG_LENGTH_LIMIT - warning.length));
}

/** The stored fields of a finished execution: failed when the function failed or answered 5xx, as Appwrite decides. */
export function finishedFields(outcome: FunctionOutcome): Record<string, unknown> {
  const failed = outcome.status === 'failed' || outcome.statusCode >= 500;
  return {
    status: failed ? 'failed' : 'completed',
    responseStatusCode: outcome.statusCode,
    responseHeaders: JSON.stringify(keptResponseHeaders(outcome.headers)),
    logs: capped(outcome.logs, 'Logs'),
    errors: capped(outcome.errors, 'Errors'),
    duration: outcome.duration,
  };
}

/** An execution that could not run at all (the runtime refused or broke): failed with 500 and the reason. */
export function unrunOutcome(reason: string, durationSeconds: number): FunctionOutcome {
  return { status: 'failed', statusCode: 500, headers: {}, body: Buffer.alloc(0), logs: '', errors: reason, duration: durationSeconds };
}
