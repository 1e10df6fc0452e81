import type WebSocket from 'ws';

/**
 * How long a socket the server closes may take to answer the close frame. A client that is there
 * answers within a round trip; one that is gone (or never reads) would otherwise hold the socket,
 * and a shutdown waiting on it, for the `ws` library's 30 seconds.
 */
export const CLOSE_GRACE_MS = 1_000;

/** Sends the close frame, and drops the socket if the client has not answered it within the grace. */
export function closeWithin(ws: WebSocket, code: number, reason?: string): void {
  ws.close(code, reason);
  const timer = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
  timer.unref();
  ws.once('close', () => clearTimeout(timer));
}
