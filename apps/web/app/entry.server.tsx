import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Streams the HTML; bots wait for the whole document. Bots asking for a page that failed get the
 * status code without the error page (seed §2).
 */
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const userAgent = request.headers.get('user-agent');
  const bot = isbot(userAgent);
  if (bot && status >= 400) return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyEvent = bot || context.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache');
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(`[web] ${request.method} ${new URL(request.url).pathname}:`, error);
};
