import type { RuntimeContext, RuntimeResponse } from '../runtime-context.ts';

/**
 * A context shaped like the one open-runtimes' Node server builds: `bodyJson` parses on access,
 * headers are lower-case, `res.*` return `{ body, statusCode, headers }`, logs are collected.
 */
export function runtimeContext(body: string, headers: Record<string, string>): RuntimeContext & { logs: string[]; errors: string[] } {
  const logs: string[] = [];
  const errors: string[] = [];
  const binary = (bytes: Uint8Array, statusCode = 200, responseHeaders: Record<string, string> = {}): RuntimeResponse => ({ body: bytes, statusCode, headers: responseHeaders });
  const text = (value: string, statusCode = 200, responseHeaders: Record<string, string> = {}) => binary(Buffer.from(value, 'utf8'), statusCode, responseHeaders);
  return {
    req: {
      get bodyJson() {
        return JSON.parse(body) as unknown;
      },
      headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value])),
    },
    res: {
      text,
      json: (value, statusCode = 200, responseHeaders = {}) => text(JSON.stringify(value), statusCode, { ...responseHeaders, 'content-type': 'application/json' }),
    },
    log: (message) => logs.push(String(message)),
    error: (message) => errors.push(String(message)),
    logs,
    errors,
  };
}

export function responseJson(response: RuntimeResponse): Record<string, unknown> {
  return JSON.parse(Buffer.from(response.body).toString('utf8')) as Record<string, unknown>;
}
