import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import WebSocket, { WebSocketServer } from 'ws';
import type { Config } from '../config.ts';
import type { RateLimiter } from '../core/rate-limiter.ts';
import type { Services } from '../core/services.ts';
import type { CommittedEvent } from '../events/index.ts';
import { accountOf } from '../services/account/signed-in.ts';
import { channelsFromUrl, readChannels } from './channel-names.ts';
import { RealtimeConnection, type ConnectionDeps } from './realtime-connection.ts';
import { errorFrame, prepareEvent } from './realtime-frames.ts';
import { REALTIME_CODES, RealtimeError } from './realtime-error.ts';
import { credentialOfHandshake, GUEST_SOCKET } from './realtime-identity.ts';
import { ChannelIndex } from './channel-index.ts';
import { closeWithin } from './close-within.ts';
import { RoleChanges } from './role-changes.ts';
import { newSubscriptionId } from './subscriptions.ts';

export const REALTIME_PATH = '/v1/realtime';
/** Appwrite's abuse limit on frames from one connection (appwrite-protocol §7.1). */
const MESSAGES_PER_MINUTE = 32;

export interface RealtimeLog {
  warn(message: string): void;
}

/**
 * The realtime endpoint on the API's own HTTP server: sockets upgrade at `/v1/realtime`, and every
 * event committed to the outbox (in any process: events.subscribe tails it) is fanned out to the
 * sockets that subscribed to one of its channels and may read it now.
 */
export class RealtimeServer {
  private readonly wss: WebSocketServer;
  private readonly connections = new Set<RealtimeConnection>();
  private readonly perIp = new Map<string, number>();
  private readonly byChannel = new ChannelIndex<RealtimeConnection>();
  /** Counts handshakes per address and minute across processes (Redis or the cluster primary when there are several); null when abuse limits are off. */
  private readonly handshakes: RateLimiter | null;
  private readonly roleChanges = new RoleChanges();
  private readonly sockets = new Map<RealtimeConnection, WebSocket>();
  /** Sockets refused at the handshake, between their close frame and the end of the close. */
  private readonly refused = new Set<WebSocket>();
  private closing = false;
  private readonly deps: ConnectionDeps;
  private readonly clientIp: (request: IncomingMessage) => string;
  private readonly stopEvents: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(request, socket, head);

  private readonly http: Server;
  private readonly config: Config;
  private readonly log: RealtimeLog;

  constructor(http: Server, config: Config, services: Services, rateLimiter: RateLimiter, log: RealtimeLog) {
    this.http = http;
    this.config = config;
    this.log = log;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: config.realtime.messageBytes, clientTracking: false });
    const trusted = proxyAddr.compile(config.trustProxy.split(',').map((entry) => entry.trim()).filter(Boolean));
    this.clientIp = (request) => proxyAddr(request, trusted);
    this.deps = {
      resolver: services.accounts.resolver,
      describeUser: (signedIn) => accountOf(services, signedIn.user),
      limits: config.realtime,
      messagesPerMinute: config.abuseLimits ? MESSAGES_PER_MINUTE : null,
      // A socket closed while its identity was being resolved stays out of the index.
      userChanged: (connection, previous) => {
        if (this.sockets.has(connection)) this.roleChanges.moved(connection, previous);
      },
      // A socket closed while a frame was queued stays out of the index.
      channelJoined: (connection, channel) => {
        if (this.sockets.has(connection)) this.byChannel.add(channel, connection);
      },
      channelLeft: (connection, channel) => this.byChannel.remove(channel, connection),
      log: (message) => log.warn(message),
    };
    this.handshakes = config.abuseLimits ? rateLimiter : null;
    http.on('upgrade', this.onUpgrade);
    this.stopEvents = services.events.subscribe((event) => this.fanOut(event));
    // Seed §9: a socket that did not answer one ping is dropped at the next.
    this.heartbeat = setInterval(() => this.beat(), config.realtime.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Open sockets (tests, metrics). */
  get size(): number {
    return this.connections.size;
  }

  /** Channels at least one socket of this process listens on (tests, metrics). */
  get channelCount(): number {
    return this.byChannel.channelCount;
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const ip = this.clientIp(request);
    void this.countHandshake(ip).then((admitted) => {
      // The server began to shut down while the handshake was counted: no socket to outlive it.
      if (this.closing) return void socket.destroy();
      this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, request, url.searchParams, ip, admitted));
    });
  }

  /** Whether the address is within its handshakes for this minute; a limiter failure comes back as the error, and refuses the socket. */
  private async countHandshake(ip: string): Promise<boolean | Error> {
    if (!this.handshakes) return true;
    try {
      return (await this.handshakes.hit(`realtime-handshake,ip:${ip}`, this.config.realtime.connectionsPerMinute, 60)).allowed;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private accept(ws: WebSocket, request: IncomingMessage, search: URLSearchParams, ip: string, admitted: boolean | Error): void {
    let urlChannels: string[];
    try {
      urlChannels = this.checkHandshake(request, search, ip, admitted);
    } catch (error) {
      const refusal = error instanceof RealtimeError ? error : null;
      if (!refusal) this.log.warn(`realtime: a handshake failed: ${error instanceof Error ? error.message : String(error)}`);
      ws.send(errorFrame(refusal?.code ?? 500, refusal?.message ?? 'Error: Server Error'));
      // A refused socket is in no index, so the shutdown finds it here while it closes.
      this.refused.add(ws);
      ws.once('close', () => this.refused.delete(ws));
      closeWithin(ws, refusal?.code ?? 1011, refusal?.message);
      return;
    }
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    const connection = new RealtimeConnection(ws, ip, { ...GUEST_SOCKET, credential: credentialOfHandshake(request, search, this.config.projectId) }, this.deps);
    this.sockets.set(connection, ws);
    ws.on('message', (data: WebSocket.RawData) => void connection.receive(data.toString()));
    ws.on('pong', () => (connection.alive = true));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => this.forget(connection));
    if (urlChannels.length) connection.subscriptions.put([{ id: newSubscriptionId(), channels: new Set(urlChannels), queries: [], filter: null }]);
    void connection
      .start(urlChannels, () => {
        if (ws.readyState === WebSocket.OPEN) this.connections.add(connection);
      })
      .catch((error: unknown) => {
        this.log.warn(`realtime: a connection failed to start: ${error instanceof Error ? error.message : String(error)}`);
        closeWithin(ws, 1011, 'Server Error');
      });
  }

  /** The checks Appwrite makes before `connected`; each failure is an error frame and a close with its code. */
  private checkHandshake(request: IncomingMessage, search: URLSearchParams, ip: string, admitted: boolean | Error): string[] {
    if (search.get('project') !== this.config.projectId) throw new RealtimeError(REALTIME_CODES.policyViolation, 'Missing or unknown project ID');
    const origin = request.headers.origin;
    if (origin !== undefined && !this.config.allowedOrigins.includes(origin)) {
      // A page on another site would otherwise read events with the visitor's cookie.
      throw new RealtimeError(REALTIME_CODES.policyViolation, 'Invalid Origin. Register your new client as a new Web platform on your project console dashboard');
    }
    if ((this.perIp.get(ip) ?? 0) >= this.config.realtime.connectionsPerIp) throw new RealtimeError(REALTIME_CODES.tooMany, 'Too many requests');
    if (admitted instanceof Error) throw admitted;
    if (!admitted) throw new RealtimeError(REALTIME_CODES.tooMany, 'Too many requests');
    const channels = channelsFromUrl(search);
    return channels.length ? readChannels(channels) : [];
  }

  private forget(connection: RealtimeConnection): void {
    if (!this.sockets.delete(connection)) return;
    this.connections.delete(connection);
    for (const channel of connection.subscriptions.channels()) this.byChannel.remove(channel, connection);
    this.roleChanges.moved(connection, connection.userId, null);
    const left = (this.perIp.get(connection.ip) ?? 1) - 1;
    if (left > 0) this.perIp.set(connection.ip, left);
    else this.perIp.delete(connection.ip);
  }

  /** Role changes first (a user who just joined a team receives the membership event), then delivery. */
  private async fanOut(event: CommittedEvent): Promise<void> {
    const affected = this.roleChanges.affectedBy(event, this.connections);
    if (affected.length) await Promise.all(affected.map((connection) => connection.refreshIdentity().catch(() => {})));
    if (event.channels.length === 0 || this.connections.size === 0) return;
    const prepared = prepareEvent(event);
    for (const connection of this.byChannel.membersOf(event.channels)) {
      // Subscriptions of the URL are indexed before `connected`; delivery starts with it.
      if (this.connections.has(connection)) connection.deliver(prepared);
    }
  }

  private beat(): void {
    for (const [connection, ws] of this.sockets) {
      if (!connection.alive) {
        ws.terminate();
        continue;
      }
      connection.alive = false;
      ws.ping();
    }
  }

  /** Closes every socket with 1001 (clients reconnect, to another process) and stops listening for upgrades. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.stopEvents();
    this.http.off('upgrade', this.onUpgrade);
    for (const ws of this.sockets.values()) ws.close(1001, 'Server is shutting down.');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    for (const ws of [...this.sockets.values(), ...this.refused]) ws.terminate();
  }
}
