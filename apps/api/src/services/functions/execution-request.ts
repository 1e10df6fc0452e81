import { formatDate } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { HeaderEntry } from './execution-model.ts';

/** Request headers an execution keeps (FUNCTION_ALLOWLIST_HEADERS_REQUEST). */
const KEPT_REQUEST_HEADERS = new Set(['content-type', 'agent', 'content-length', 'host', 'x-appwrite-client-ip']);
/** Response headers a stored execution keeps (FUNCTION_ALLOWLIST_HEADERS_RESPONSE). */
const KEPT_RESPONSE_HEADERS = new Set(['content-type', 'content-length']);

const MAX_HEADER_KEYS = 100;
const MAX_HEADERS_SIZE = 16_384;

export const INVALID_HEADERS_MESSAGE = `Invalid headers: Alphanumeric characters or hyphens only, cannot start with "x-appwrite", maximum ${MAX_HEADER_KEYS} keys, and total size ${MAX_HEADERS_SIZE}.`;

/** Appwrite's Functions\Validator\Headers: names of letters, digits and inner hyphens, none starting `x-appwrite-`, few and small. */
export function validHeaders(headers: Record<string, unknown>): headers is Record<string, string> {
  const entries = Object.entries(headers);
  if (entries.length > MAX_HEADER_KEYS) return false;
  let size = 0;
  for (const [name, value] of entries) {
    if (typeof value !== 'string') return false;
    size += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (size >= MAX_HEADERS_SIZE) return false;
    if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(name)) return false;
    if (name.startsWith('x-appwrite-')) return false;
  }
  return true;
}

/** The `headers` param as an object: Appwrite also takes it as JSON text; anything else counts as none. */
export function headersParam(value: unknown): Record<string, string> {
  let headers = value;
  if (typeof headers === 'string') {
    try {
      headers = headers === '' ? {} : JSON.parse(headers);
    } catch {
      headers = {};
    }
  }
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) headers = {};
  const object = headers as Record<string, unknown>;
  if (!validHeaders(object)) throw new AppwriteError('general_argument_invalid', INVALID_HEADERS_MESSAGE);
  return object;
}

function kept(headers: Record<string, string>, allowed: ReadonlySet<string>): HeaderEntry[] {
  return Object.entries(headers).filter(([name]) => allowed.has(name.toLowerCase())).map(([name, value]) => ({ name, value }));
}

export const keptRequestHeaders = (headers: Record<string, string>) => kept(headers, KEPT_REQUEST_HEADERS);
export const keptResponseHeaders = (headers: Record<string, string>) => kept(headers, KEPT_RESPONSE_HEADERS);

/**
 * `scheduledAt` as Appwrite checks it: only for async executions; a date with minute precision
 * (no seconds) more than a minute after now. Returns the wire date.
 */
export function scheduledTime(scheduledAt: string, async: boolean, nowMs: number): string {
  if (!async) throw new AppwriteError('general_bad_request', 'Scheduled executions must run asynchronously. Set scheduledAt to a future date, or set async to true.');
  const time = Date.parse(scheduledAt);
  const date = new Date(time);
  const valid = !Number.isNaN(time) && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0 && time - nowMs > 60_000;
  if (!valid) throw new AppwriteError('general_bad_request', 'Execution schedule must be a valid date, and at least 1 minute from now');
  return formatDate(date);
}
