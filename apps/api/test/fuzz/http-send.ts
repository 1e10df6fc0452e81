/**
 * Sends a request byte for byte as built (fetch would normalise the path and refuse some headers)
 * on a connection of its own, and reads the whole answer — or reports that none came in time.
 */
import { request as httpRequest } from 'node:http';
import type { HttpRequest } from './request-encoding.ts';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's first 2 MB. */
  body: Buffer;
}

const KEPT_BYTES = 2 * 1024 * 1024;

export class NoAnswer extends Error {
  override readonly name = 'NoAnswer';
}

export function send(baseUrl: string, request: HttpRequest, timeoutMs: number): Promise<HttpAnswer> {
  const target = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let settled = false;
    // Node frames a GET or DELETE body with neither Content-Length nor chunks (so the server would read it as the next request): the length is always sent.
    const headers = request.body ? { ...request.headers, 'content-length': String(request.body.length) } : request.headers;
    const outgoing = httpRequest({ host: target.hostname, port: target.port, method: request.method, path: request.path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < KEPT_BYTES) chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', () => {
        settled = true;
        clearTimeout(timer);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
      response.on('error', (error) => fail(new NoAnswer(`the answer broke off: ${error.message}`)));
    });
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      reject(error);
    };
    const timer = setTimeout(() => fail(new NoAnswer(`no answer within ${timeoutMs} ms`)), timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer (413) and close before a large body is all written: the answer counts, the broken write does not.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') setTimeout(() => fail(new NoAnswer(`connection closed without an answer (${error.code})`)), 1_000);
      else fail(new NoAnswer(`request failed: ${error.code ?? error.message}`));
    });
    outgoing.end(request.body);
  });
}
