/**
 * A TCP proxy between a server and its database, to play a database restart or a network
 * partition without touching the shared PostgreSQL: `refuse` drops every connection and refuses
 * new ones (a restart), `blackhole` accepts connections and holds every byte either way (a
 * partition; held bytes are delivered when it heals, as TCP would), `forward` is normal service.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

export interface TcpProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  const sockets = new Set<Socket>();
  const heldBack = new Set<() => void>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  };
  const relay = (from: Socket, to: Socket) => {
    const held: Buffer[] = [];
    const flush = () => {
      for (const chunk of held.splice(0)) to.write(chunk);
    };
    heldBack.add(flush);
    from.on('data', (chunk: Buffer) => {
      if (mode === 'forward') to.write(chunk);
      else held.push(chunk);
    });
    from.once('close', () => {
      heldBack.delete(flush);
      to.destroy();
    });
  };
  const onConnection = (client: Socket) => {
    track(client);
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    relay(client, upstream);
    relay(upstream, client);
  };
  let server: Server = createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    get mode() {
      return mode;
    },
    async setMode(next) {
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        for (const socket of sockets) socket.destroy();
        await stopListening();
      } else if (previous === 'refuse') {
        server = createServer(onConnection);
        await listen(port);
      }
      if (next === 'forward') for (const flush of heldBack) flush();
    },
    async close() {
      mode = 'refuse';
      for (const socket of sockets) socket.destroy();
      await stopListening();
    },
  };
}
