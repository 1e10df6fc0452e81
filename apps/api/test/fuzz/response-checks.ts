/**
 * The properties every answer must have, whatever was sent: no 5xx (a 503 from a healthy
 * database included), and an error body in Appwrite's shape — `message` a string, `code` the
 * HTTP status, `type` one of the catalogue's — with no stack trace or file path in it.
 */
import { isErrorType } from '../../src/core/errors.ts';
import type { HttpAnswer } from './http-send.ts';

const STACK_FRAME = /\bat (?:async )?\S*\s?\(?[^\s()]+:\d+:\d+\)?/;
const FILE_PATH = /(?:\/work\/|\/home\/|\/tmp\/|\/usr\/|node_modules|file:\/\/|[\w-]+\.(?:ts|js|mjs|cjs):\d+)/;

export function problemWith(method: string, answer: HttpAnswer): string | null {
  if (answer.status >= 500 || answer.status < 100) return `status ${answer.status}`;
  if (answer.status < 400 || method === 'HEAD') return null;
  const contentType = String(answer.headers['content-type'] ?? '');
  if (!contentType.startsWith('application/json')) return `an error answered as ${contentType || 'no content type'}`;
  const text = answer.body.toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'an error body that is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'an error body that is not an object';
  const { message, code, type } = body as Record<string, unknown>;
  if (typeof message !== 'string') return 'an error body without a string `message`';
  if (code !== answer.status) return `an error body whose code ${JSON.stringify(code)} is not the status ${answer.status}`;
  if (typeof type !== 'string' || !isErrorType(type)) return `an error type ${JSON.stringify(type)} the catalogue does not list`;
  if (STACK_FRAME.test(text)) return 'a stack trace in the error body';
  if (FILE_PATH.test(text)) return 'a file path in the error body';
  return null;
}
