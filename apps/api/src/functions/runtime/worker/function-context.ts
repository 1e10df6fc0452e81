import type { WorkerRequest } from '../protocol.ts';
import type { FunctionLogger } from './function-logger.ts';

/** What `context.res.*` returns and the function must return: open-runtimes' response descriptor. */
export interface ResponseDescriptor {
  body: unknown;
  statusCode: number;
  headers: Record<string, unknown>;
}

/** The part of the URL open-runtimes derives from the Host header and `x-forwarded-proto`. */
function describeUrl(request: WorkerRequest) {
  const scheme = request.headers['x-forwarded-proto'] ?? 'http';
  const defaultPort = scheme === 'https' ? '443' : '80';
  const hostHeader = request.headers.host ?? '';
  const host = hostHeader.includes(':') ? hostHeader.split(':')[0]! : hostHeader;
  const port = Number(hostHeader.includes(':') ? hostHeader.split(':')[1] : defaultPort);
  const path = request.url.includes('?') ? request.url.split('?')[0]! : request.url;
  const queryString = request.url.includes('?') ? request.url.split('?')[1]! : '';
  const query: Record<string, string> = {};
  for (const parameter of queryString.split('&')) {
    const [key, ...valueParts] = parameter.split('=');
    if (key) query[key] = valueParts.join('=');
  }
  const url = `${scheme}://${host}${String(port) === defaultPort ? '' : `:${port}`}${path}${queryString === '' ? '' : `?${queryString}`}`;
  return { scheme, host, port, path, queryString, query, url };
}

/** The one argument an Appwrite Node function receives (open-runtimes' `context`). */
export function createFunctionContext(request: WorkerRequest, logger: FunctionLogger) {
  const contentType = (request.headers['content-type'] ?? 'text/plain').toLowerCase();
  const bodyBinary = request.body;
  const res = {
    send(body: unknown, statusCode = 200, headers: Record<string, unknown> = {}): ResponseDescriptor {
      return { body, statusCode, headers };
    },
    text(body: string, statusCode = 200, headers: Record<string, unknown> = {}): ResponseDescriptor {
      return res.binary(Buffer.from(body, 'utf8'), statusCode, headers);
    },
    binary(bytes: Uint8Array, statusCode = 200, headers: Record<string, unknown> = {}): ResponseDescriptor {
      return { body: bytes, statusCode, headers };
    },
    json(object: unknown, statusCode = 200, headers: Record<string, unknown> = {}): ResponseDescriptor {
      headers['content-type'] = 'application/json';
      return res.text(JSON.stringify(object), statusCode, headers);
    },
    empty(): ResponseDescriptor {
      return res.text('', 204, {});
    },
    redirect(url: string, statusCode = 301, headers: Record<string, unknown> = {}): ResponseDescriptor {
      headers.location = url;
      return res.text('', statusCode, headers);
    },
  };
  return {
    req: {
      get body(): unknown {
        if (contentType.startsWith('application/json')) return bodyBinary.length > 0 ? this.bodyJson : {};
        return this.bodyText;
      },
      get bodyRaw(): string {
        return this.bodyText;
      },
      get bodyText(): string {
        return bodyBinary.toString();
      },
      get bodyJson(): unknown {
        return JSON.parse(this.bodyText);
      },
      get bodyBinary(): Buffer {
        return bodyBinary;
      },
      headers: { ...request.headers },
      method: request.method,
      ...describeUrl(request),
    },
    res,
    log: (...messages: unknown[]) => logger.write(messages, 'logs'),
    error: (...messages: unknown[]) => logger.write(messages, 'errors'),
  };
}

export type FunctionContext = ReturnType<typeof createFunctionContext>;
