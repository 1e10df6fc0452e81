import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { isCrossSiteRequest } from './lib/account/same-origin.server';
import { CspNonceContext } from './lib/csp-nonce';
import { recordingFormattedOutput } from './lib/intl-output.server';
import { pageScriptsFor } from './lib/page-scripts.server';
import { PageScriptsContext } from './lib/page-scripts-context';

export const streamTimeout = 5_000;

/**
 * Streams the HTML; bots wait for the whole document. Bots asking for a page that failed get the
 * status code without the error page (seed §2). Every inline script (the colour mode, the page's
 * start-up scripts, React Router's and React's own) carries the request's CSP nonce, which
 * server/handler.ts puts in the load context and in the Content-Security-Policy header.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext, loadContext?: AppLoadContext) {
  const nonce = loadContext?.cspNonce;
  const userAgent = request.headers.get('user-agent');
  const bot = isbot(userAgent);
  if (bot && status >= 400) return new Response(null, { status, headers: { 'Cache-Control': 'no-store' } });
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyEvent = bot || context.isSpaMode ? 'onAllReady' : 'onShellReady';
    const page = (
      <CspNonceContext.Provider value={nonce}>
        <PageScriptsContext.Provider value={pageScriptsFor(context)}>
          <ServerRouter context={context} url={request.url} nonce={nonce} />
        </PageScriptsContext.Provider>
      </CspNonceContext.Provider>
    );
    const { pipe, abort } = recordingFormattedOutput(() => renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-cache');
        // The language (and the signed-in visitor) come from cookies; `?lang=` is in the URL itself.
        headers.append('Vary', 'Cookie');
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
    }));
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A method no route takes (405) and the like are the request's fault, not the site's.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A page the API could not serve (lib/api-outage.server.ts): the API has logged why; one line here.
  if (isRouteErrorResponse(error) && error.status === 503) return void console.warn(`[web] ${request.method} ${new URL(request.url).pathname}: 503, the API is unavailable`);
  // React Router refuses a form another site posted (its own CSRF check) by throwing: nothing broke.
  if (request.method !== 'GET' && request.method !== 'HEAD' && isCrossSiteRequest(request)) return;
  console.error(`[web] ${request.method} ${new URL(request.url).pathname}:`, error);
};
