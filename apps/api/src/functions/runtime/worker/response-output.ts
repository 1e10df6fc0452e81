/**
 * Turns what a function returned into status, headers and bytes the way open-runtimes' Node
 * server sends it: headers lower-cased without `x-open-runtimes-*`, `text/plain` by default and
 * `; charset=utf-8` added unless a charset is given or the type is multipart; a body that is not
 * bytes or text is sent as JSON (so `res.send(50)` answers `50`).
 */
export interface NormalizedOutput {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

function toBytes(body: unknown): Buffer {
  if (body === null || body === undefined) return Buffer.alloc(0);
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (typeof body === 'object' || typeof body === 'number') return Buffer.from(JSON.stringify(body) ?? '', 'utf8');
  return Buffer.from(String(body), 'utf8');
}

export function normalizeOutput(output: { body?: unknown; statusCode?: unknown; headers?: unknown }): NormalizedOutput {
  const statusCode = output.statusCode ?? 200;
  if (typeof statusCode !== 'number' || !Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
    throw new RangeError(`Invalid status code: ${String(statusCode)}`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((output.headers ?? {}) as Record<string, unknown>)) {
    const lower = name.toLowerCase();
    if (lower.startsWith('x-open-runtimes-')) continue;
    headers[lower] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  const contentType = (headers['content-type'] ?? 'text/plain').toLowerCase();
  if (!contentType.startsWith('multipart/') && !contentType.includes('charset=')) headers['content-type'] = `${contentType}; charset=utf-8`;
  return { statusCode, headers, body: toBytes(output.body) };
}
