/** Requests for the soak: one keep-alive pool, bodies read to the end, a deadline on every request. */
import { Agent, request } from 'node:http';

export interface SoakRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export interface SoakResponse {
  /** 0 when there was no answer (a network error or the deadline). */
  status: number;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** Why there was no answer. */
  failure?: string;
}

const DEADLINE_MS = 30_000;

export class SoakClient {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(baseUrl: string, connections: number) {
    this.url = new URL(baseUrl);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections });
  }

  send(call: SoakRequest): Promise<SoakResponse> {
    return new Promise((resolve) => {
      const headers: Record<string, string | number> = { ...call.headers };
      if (call.body !== undefined) headers['content-length'] = Buffer.byteLength(call.body);
      let settled = false;
      const settle = (response: SoakResponse) => {
        if (settled) return;
        settled = true;
        resolve(response);
      };
      const outgoing = request({ agent: this.agent, host: this.url.hostname, port: this.url.port, method: call.method, path: call.path, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => settle({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks), headers: incoming.headers }));
        incoming.on('error', (error) => settle({ status: 0, body: Buffer.alloc(0), headers: {}, failure: error.message }));
      });
      outgoing.setTimeout(DEADLINE_MS, () => {
        outgoing.destroy();
        settle({ status: 0, body: Buffer.alloc(0), headers: {}, failure: `no answer within ${DEADLINE_MS / 1000} s` });
      });
      outgoing.on('error', (error) => settle({ status: 0, body: Buffer.alloc(0), headers: {}, failure: error.message }));
      outgoing.end(call.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A multipart/form-data body as the SDKs send an upload: `fileId`, then the `file` part. */
export function multipartUpload(fileId: string, fileName: string, bytes: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----soak${fileId}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="fileId"\r\n\r\n${fileId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}
