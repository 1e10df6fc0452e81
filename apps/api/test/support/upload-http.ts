/**
 * File uploads as raw HTTP, the way the SDKs send them (§6): a multipart form with `fileId`, the
 * `file` part and `permissions[]`; above 5 MiB one request per 5 MiB chunk with `Content-Range`,
 * and `x-appwrite-id` on the chunks after the first. For tests that send what an SDK never would.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { TEST_PROJECT } from './test-server.ts';

export const CHUNK_SIZE = 5 * 1024 * 1024;

export interface FilePart {
  fileId: string;
  name: string;
  /** The bytes of this request's `file` part. */
  bytes: Uint8Array<ArrayBuffer>;
  /** `Content-Range: bytes start-end/total` (end inclusive); omitted for a one-request upload. */
  range?: { start: number; end: number; total: number };
  /** `x-appwrite-id`. */
  uploadId?: string;
  permissions?: string[];
  /** Credentials: `x-appwrite-session`, `x-appwrite-key`, a cookie… */
  headers?: Record<string, string>;
}

export function postFilePart(endpoint: string, bucketId: string, part: FilePart): Promise<Response> {
  const form = new FormData();
  form.append('fileId', part.fileId);
  for (const permission of part.permissions ?? []) form.append('permissions[]', permission);
  form.append('file', new File([part.bytes], part.name));
  const headers: Record<string, string> = { 'x-appwrite-project': TEST_PROJECT, ...part.headers };
  if (part.range) headers['content-range'] = `bytes ${part.range.start}-${part.range.end}/${part.range.total}`;
  if (part.uploadId) headers['x-appwrite-id'] = part.uploadId;
  return fetch(`${endpoint}/storage/buckets/${bucketId}/files`, { method: 'POST', headers, body: form });
}

/** Chunk `index` of `source` as the SDKs cut it. */
export function chunkOf(source: Uint8Array<ArrayBuffer>, index: number): { bytes: Uint8Array<ArrayBuffer>; range: { start: number; end: number; total: number } } {
  const start = index * CHUNK_SIZE;
  const end = Math.min(start + CHUNK_SIZE, source.length);
  return { bytes: source.subarray(start, end), range: { start, end: end - 1, total: source.length } };
}

export function chunkCount(size: number): number {
  return Math.ceil(size / CHUNK_SIZE);
}

export function md5(bytes: Uint8Array): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** Random bytes: every chunk differs, so a chunk stored at the wrong offset changes the md5. */
export function randomContent(size: number): Uint8Array<ArrayBuffer> {
  return randomFillSync(new Uint8Array(size));
}
