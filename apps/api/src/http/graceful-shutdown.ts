import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiUrl } from './security-headers.ts';

type RequestKind = 'api' | 'upload' | 'page';

export interface InFlightCounts {
  requests: number;
  uploads: number;
  pages: number;
}

function kindOf(request: FastifyRequest): RequestKind {
  if (!isApiUrl(request.url)) return 'page';
  return request.headers['content-type']?.startsWith('multipart/') ? 'upload' : 'api';
}

/** The requests being answered (by their responses), by kind; while draining, every answer closes its connection. */
export class InFlightRequests {
  readonly #active = new Map<ServerResponse, RequestKind>();
  #onChange: (() => void) | undefined;
  draining = false;

  constructor(server: FastifyInstance) {
    const active = this.#active;
    const changed = () => this.#onChange?.();
    // One listener for every response (the emitter is `this`), instead of a closure and a `once` wrapper per request.
    function closed(this: ServerResponse): void {
      active.delete(this);
      changed();
    }
    server.addHook('onRequest', (request, reply, done) => {
      active.set(reply.raw, kindOf(request));
      // 'close' comes whether the answer was sent or the client went away.
      reply.raw.on('close', closed);
      done();
    });
    server.addHook('onSend', (_request, reply, payload, done) => {
      if (this.draining) reply.header('Connection', 'close');
      done(null, payload);
    });
  }

  counts(): InFlightCounts {
    const counts = { requests: 0, uploads: 0, pages: 0 };
    for (const kind of this.#active.values()) {
      counts.requests++;
      if (kind === 'upload') counts.uploads++;
      if (kind === 'page') counts.pages++;
    }
    return counts;
  }

  /** Resolves true once none of `responses` (default: all) is in flight, false if `deadline` (performance.now()) comes first. */
  async settled(deadline: number, responses?: ReadonlySet<ServerResponse>): Promise<boolean> {
    const busy = () => (responses ? [...responses].some((response) => this.#active.has(response)) : this.#active.size > 0);
    while (busy()) {
      const remaining = deadline - performance.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.#onChange = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#onChange = undefined;
    }
    return true;
  }

  pages(): Set<ServerResponse> {
    return new Set([...this.#active].filter(([, kind]) => kind === 'page').map(([response]) => response));
  }
}

export interface DrainReport {
  atStart: InFlightCounts;
  completed: number;
  cutOff: number;
  durationMs: number;
}

/** How long connections with nothing in flight may take to close on their own once the requests are done. */
const LAST_CONNECTIONS_GRACE_MS = 1_000;

function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    promise.then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(true);
      },
    );
  });
}

/**
 * Stops taking connections and lets the requests in flight finish, up to `timeoutMs`; the ones
 * still running then are cut off. Pages being rendered call the API over loopback, so the
 * listener stays open until those finish (answers then close their connection).
 */
export async function drainServer(server: FastifyInstance, inFlight: InFlightRequests, timeoutMs: number): Promise<DrainReport> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  const atStart = inFlight.counts();
  inFlight.draining = true;
  if (atStart.pages > 0) await inFlight.settled(deadline, inFlight.pages());
  const closed = server.close();
  server.server.closeIdleConnections();
  const finished = await inFlight.settled(deadline);
  const cutOff = finished ? 0 : inFlight.counts().requests;
  if (finished) {
    // Nothing is being answered, yet a connection may still count as busy to Node: one whose client
    // has sent part of a request's head, or (seen under load) a kept-alive one whose last answer had
    // just ended. Left alone, it holds the close for a header or keep-alive timeout (60–72 s).
    server.server.closeIdleConnections();
    if (!(await settlesWithin(closed, Math.min(LAST_CONNECTIONS_GRACE_MS, Math.max(0, deadline - performance.now()))))) server.server.closeAllConnections();
  } else server.server.closeAllConnections();
  await closed;
  return { atStart, completed: Math.max(0, atStart.requests - cutOff), cutOff, durationMs: Math.round(performance.now() - started) };
}

/**
 * Closing the app on SIGTERM and SIGINT (a second signal exits at once), then ending the process.
 * Returns a way to ask for the same shutdown otherwise (a cluster primary's message); asking while
 * already closing changes nothing.
 */
export function exitOnSignals(close: (signal: string) => Promise<void>, log: { error(message: string): void; warn(message: string): void }): (reason: string) => void {
  let closing = false;
  const begin = (reason: string) => {
    closing = true;
    close(reason).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  const stop = (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn(`shutdown: ${signal} again, exiting without waiting`);
      process.exit(1);
    }
    begin(signal);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return (reason) => {
    if (!closing) begin(reason);
  };
}
