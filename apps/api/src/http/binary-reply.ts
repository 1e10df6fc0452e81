import type { FastifyReply } from 'fastify';
import type { BinaryBody } from '../core/route.ts';

/** `attachment; filename="…"`, with an RFC 5987 `filename*` when the name is not plain ASCII. */
export function attachmentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const plain = `${type}; filename="${fallback}"`;
  return fallback === filename ? plain : `${plain}; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends a binary route's bytes: its type (never sniffed), its cache lifetime and, for downloads, the file name. */
export function sendBinary(reply: FastifyReply, output: BinaryBody): FastifyReply {
  reply.code(output.status ?? 200).header('Content-Type', output.contentType).header('X-Content-Type-Options', 'nosniff');
  if (output.cacheSeconds !== undefined) reply.header('Cache-Control', `${output.cacheScope ?? 'public'}, max-age=${output.cacheSeconds}`);
  if (output.download !== undefined) reply.header('Content-Disposition', attachmentDisposition(output.download));
  else if (output.inline !== undefined) reply.header('Content-Disposition', attachmentDisposition(output.inline, 'inline'));
  for (const [name, value] of Object.entries(output.headers ?? {})) reply.header(name, value);
  return reply.send(output.body);
}
