/**
 * A small website on 127.0.0.1 for the avatar fetches: pages declaring icons, pictures in several
 * formats, redirects (to itself and into private addresses), a huge body and a slow one. It counts
 * the requests each path receives, so a test can tell that a refused URL was never contacted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import sharp from 'sharp';

export interface PictureSite {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, as AVATARS_ALLOWED_HOSTS takes it. */
  host: string;
  hits(path: string): number;
  close(): Promise<void>;
}

/** Colours the pictures are filled with, so a test can tell which one came back. */
export const SITE_COLOURS = { touch: '#1e90ff', icon: '#ff4500', legacy: '#2e8b57', root: '#8a2be2', photo: '#ffd700' } as const;

async function solid(width: number, height: number, colour: string, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** An .ico holding one PNG picture. */
function icoOf(png: Buffer, side: number): Buffer {
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry[0] = side % 256;
  entry[1] = side % 256;
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(22, 12);
  return Buffer.concat([header, entry, png]);
}

/** An .ico holding one 32-bit BMP picture of one colour (bottom-up BGRA rows, then an empty mask). */
function bmpIcoOf(side: number, [red, green, blue]: [number, number, number]): Buffer {
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(side, 4);
  header.writeInt32LE(side * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const pixels = Buffer.alloc(side * side * 4);
  for (let at = 0; at < pixels.length; at += 4) pixels.set([blue, green, red, 255], at);
  const mask = Buffer.alloc(Math.floor((side + 31) / 32) * 4 * side);
  const dib = Buffer.concat([header, pixels, mask]);
  const directory = Buffer.from([0, 0, 1, 0, 1, 0, side, side, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
  directory.writeUInt32LE(dib.length, 14);
  return Buffer.concat([directory, dib]);
}

function rgb(hex: string): [number, number, number] {
  const value = parseInt(hex.slice(1), 16);
  return [value >> 16, (value >> 8) & 0xff, value & 0xff];
}

export async function startPictureSite(): Promise<PictureSite> {
  const counts = new Map<string, number>();
  const files = {
    touch: await solid(180, 180, SITE_COLOURS.touch, 'png'),
    icon: await solid(32, 32, SITE_COLOURS.icon, 'png'),
    photo: await solid(800, 600, SITE_COLOURS.photo, 'jpeg'),
    photoPng: await solid(300, 200, SITE_COLOURS.photo, 'png'),
    rootIco: icoOf(await solid(48, 48, SITE_COLOURS.root, 'png'), 48),
    legacyIco: bmpIcoOf(32, rgb(SITE_COLOURS.legacy)),
  };
  let origin = '';
  const pages: Record<string, (response: ServerResponse) => void> = {
    '/': html(`<link rel="icon" href="/icon.png" sizes="32x32"><link rel="apple-touch-icon" href="/touch.png">`),
    '/plain/': html('<title>no icon declared</title>'),
    '/legacy/': html('<link rel="shortcut icon" href="/legacy.ico">'),
    '/broken-icon/': html('<link rel="icon" href="/missing.png" sizes="64x64"><link rel="icon" href="/icon.png" sizes="16x16">'),
    '/private-icon/': html('<link rel="icon" href="http://10.0.0.1/icon.png">'),
    '/touch.png': send('image/png', files.touch),
    '/icon.png': send('image/png', files.icon),
    '/photo.jpg': send('image/jpeg', files.photo),
    '/photo.png': send('image/png', files.photoPng),
    '/favicon.ico': send('image/x-icon', files.rootIco),
    '/legacy.ico': send('image/x-icon', files.legacyIco),
    '/text': send('text/plain', Buffer.from('not a picture')),
    '/drawing.svg': send('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')),
    '/redirect-local': (response) => redirect(response, `${origin}/photo.jpg`),
    '/redirect-metadata': (response) => redirect(response, 'http://169.254.169.254/latest/meta-data'),
    '/redirect-private': (response) => redirect(response, 'http://10.0.0.1/'),
    '/redirect-loop': (response) => redirect(response, `${origin}/redirect-loop`),
    '/huge': (response) => {
      // Chunked, no length declared: the limit must be enforced while reading.
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 7);
      let sent = 0;
      const pump = (): void => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => {});
      pump();
    },
    '/huge-declared': (response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) });
      response.write(files.icon);
    },
    '/slow': (response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(files.photo.subarray(0, 100));
      // The rest never comes; the connection closes when the test ends.
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const page = pages[path];
    if (page) page(response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the picture site did not bind a port');
  origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    host: `127.0.0.1:${address.port}`,
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function html(head: string): (response: ServerResponse) => void {
  return (response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>${head}</head><body>page</body></html>`);
}

function send(type: string, body: Buffer): (response: ServerResponse) => void {
  return (response) => response.writeHead(200, { 'content-type': type, 'content-length': String(body.length) }).end(body);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { location }).end();
}
