/**
 * The storage baseline: node:http doing the least a server must do with the same requests. An upload
 * request's body (the multipart form, unparsed) is streamed to `<dir>/<id>/<offset>`; the first chunk
 * gets a new id, later ones name it in `x-appwrite-id`. No validation, no database, no assembly.
 * `GET /render` resizes `<dir>/source.jpg` to 400×300 WebP with sharp (a preview without cache or
 * checks); `GET /static` sends `<dir>/preview.webp` (a cached preview without any lookup).
 *
 * Started by bench/storage.ts as a child process: `node bench/servers/storage-raw.ts <dir>`; reports
 * `{ port }` over IPC and exits on "stop".
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/servers/storage-raw.ts <dir>');
const FILES = '/v1/storage/buckets/uploads/files';

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0]!;
  const reply = (status: number, body: unknown, type = 'application/json') => {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    response.writeHead(status, { 'content-type': type, 'content-length': bytes.length }).end(bytes);
  };
  const handle = async () => {
    if (request.method === 'POST' && path === FILES) {
      const header = request.headers['x-appwrite-id'];
      const id = typeof header === 'string' ? header : randomBytes(10).toString('hex');
      const offset = /^bytes (\d+)-/.exec(request.headers['content-range'] ?? '')?.[1] ?? '0';
      await mkdir(join(dir, 'files', id), { recursive: true });
      await pipeline(request, createWriteStream(join(dir, 'files', id, offset)));
      return reply(201, { $id: id });
    }
    if (request.method === 'DELETE' && path.startsWith(`${FILES}/`)) {
      await rm(join(dir, 'files', path.slice(FILES.length + 1).replace(/[^\w-]/g, '')), { recursive: true, force: true });
      return reply(204, Buffer.alloc(0));
    }
    if (request.method === 'GET' && path === '/render') {
      const webp = await sharp(await readFile(join(dir, 'source.jpg'))).resize(400, 300, { fit: 'cover' }).webp().toBuffer();
      return reply(200, webp, 'image/webp');
    }
    if (request.method === 'GET' && path === '/static') return reply(200, await readFile(join(dir, 'preview.webp')), 'image/webp');
    reply(404, { message: 'not found' });
  };
  handle().catch((error: Error) => reply(500, { message: error.message }));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message !== 'stop') return;
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
