/**
 * The realtime floor for bench/realtime.ts: a bare `ws` server on node:http. `POST /broadcast`
 * sends its body, as is, to every open socket, then answers 204; nothing is parsed, checked or
 * stored. `node bench/servers/raw-ws.ts`; reports `{ port }` over IPC and exits on "stop".
 */
import { createServer } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';

const sockets = new Set<WebSocket>();
const wss = new WebSocketServer({ noServer: true, clientTracking: false });
const http = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/broadcast') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const frame = Buffer.concat(chunks).toString('utf8');
    for (const socket of sockets) socket.send(frame);
    response.writeHead(204).end();
  });
});
http.on('upgrade', (request, socket, head) =>
  wss.handleUpgrade(request, socket, head, (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('error', () => ws.terminate());
  }),
);
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ memory: process.memoryUsage(), sockets: sockets.size });
    return;
  }
  if (message !== 'stop') return;
  for (const socket of sockets) socket.terminate();
  http.closeAllConnections();
  http.close(() => process.exit(0));
});
