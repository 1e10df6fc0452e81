/**
 * One HTTP(S) request with what `fetch` cannot set: the CA to trust (the test's self-signed
 * certificate), the local address to send from (to play a client on another host), and a fresh
 * connection each time, so every request is balanced on its own.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** PEM of the certificate to trust for https. */
  ca?: string;
  /** Source address of the connection (any of 127.0.0.0/8 on loopback). */
  localAddress?: string;
  timeoutMs?: number;
}

export interface CallResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text(): string;
  json(): any;
}

export function httpCall(url: string, options: CallOptions = {}): Promise<CallResult> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: options.method ?? 'GET',
        headers: { connection: 'close', ...options.headers },
        agent: false,
        ...(options.ca ? { ca: options.ca } : {}),
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        timeout: options.timeoutMs ?? 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, text: () => body.toString('utf8'), json: () => JSON.parse(body.toString('utf8')) });
        });
      },
    );
    request.once('timeout', () => request.destroy(new Error(`${options.method ?? 'GET'} ${url}: no answer within ${options.timeoutMs ?? 30_000} ms`)));
    request.once('error', reject);
    request.end(options.body);
  });
}
