import WebSocket from 'ws';
import type { SignedIn } from '../core/context.ts';
import type { RealtimeLimits } from '../config.ts';
import type { SessionResolver } from '../services/account/session-resolver.ts';
import { closeWithin } from './close-within.ts';
import { errorFrame, eventFrame, PONG_FRAME, responseFrame, type PreparedEvent } from './realtime-frames.ts';
import { REALTIME_CODES, RealtimeError } from './realtime-error.ts';
import { resolveSocketIdentity, type SocketIdentity } from './realtime-identity.ts';
import { readSubscribeEntry, readUnsubscribeEntry, SubscriptionSet } from './subscriptions.ts';

export interface ConnectionDeps {
  resolver: SessionResolver;
  /** The Account model of a user, for `connected` and the `authentication` answer. */
  describeUser(signedIn: SignedIn): Promise<object>;
  limits: RealtimeLimits;
  /** Frames a client may send per minute (Appwrite's 32); null when abuse limits are off. */
  messagesPerMinute: number | null;
  /** Called after the socket's user changed (signed in, out, or another user), for the registry's index. */
  userChanged(connection: RealtimeConnection, previousUserId: string | null): void;
  /** Called when the socket starts or stops listening on a channel, for the registry's channel index. */
  channelJoined(connection: RealtimeConnection, channel: string): void;
  channelLeft(connection: RealtimeConnection, channel: string): void;
  log(message: string): void;
}

const MINUTE_MS = 60_000;

/** One client socket: who it is, what it subscribed to, and the frames it sends. */
export class RealtimeConnection {
  readonly ip: string;
  readonly subscriptions: SubscriptionSet;
  identity: SocketIdentity;
  /** Cleared at each server heartbeat, set again by the client's pong. */
  alive = true;
  private readonly socket: WebSocket;
  private readonly deps: ConnectionDeps;
  private windowStart = Date.now();
  private windowCount = 0;
  /** Frames and identity changes are handled one after the other, in arrival order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(socket: WebSocket, ip: string, identity: SocketIdentity, deps: ConnectionDeps) {
    this.socket = socket;
    this.ip = ip;
    this.identity = identity;
    this.deps = deps;
    this.subscriptions = new SubscriptionSet(deps.limits.subscriptionsPerConnection, {
      joined: (channel) => deps.channelJoined(this, channel),
      left: (channel) => deps.channelLeft(this, channel),
    });
  }

  get userId(): string | null {
    return this.identity.signedIn?.user.id ?? null;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Sends a frame unless the client is not reading: then it is cut off (1013) instead of buffered without bound. */
  send(frame: string): void {
    if (!this.open) return;
    if (this.socket.bufferedAmount + Buffer.byteLength(frame) > this.deps.limits.sendBufferBytes) {
      this.deps.log(`realtime: cut off a slow consumer at ${this.ip} (${this.socket.bufferedAmount} bytes waiting)`);
      closeWithin(this.socket, REALTIME_CODES.tooMany, 'Slow consumer.');
      return;
    }
    this.socket.send(frame);
  }

  /** An error frame; 1008 also closes the socket, the client then does not retry. */
  fail(error: RealtimeError): void {
    this.send(errorFrame(error.code, error.message));
    if (error.code === REALTIME_CODES.policyViolation) closeWithin(this.socket, error.code, error.message);
  }

  /** Delivers an event when the socket may read it and subscribed to one of its channels. */
  deliver(event: PreparedEvent): void {
    if (!event.roles.some((role) => this.identity.roles.has(role))) return;
    const match = this.subscriptions.match(event.channels, event.payload);
    if (match) this.send(eventFrame(event, match.channels, match.ids));
  }

  /** Handles a client frame after those before it. */
  receive(raw: string): Promise<void> {
    const handled = this.queue.then(() => this.handle(raw));
    this.queue = handled.catch(() => {});
    return handled;
  }

  /**
   * Resolves the handshake's credential, then `ready` (the registry starts delivering) and the
   * `connected` frame, before any frame the client sent meanwhile is handled.
   */
  start(urlChannels: readonly string[], ready: () => void): Promise<void> {
    const started = this.queue.then(async () => {
      this.become(await resolveSocketIdentity(this.deps.resolver, this.identity.credential));
      ready();
      const signedIn = this.identity.signedIn;
      const user = signedIn ? await this.deps.describeUser(signedIn) : null;
      const slots = this.subscriptions.ids();
      this.send(JSON.stringify({ type: 'connected', data: { channels: urlChannels, subscriptions: urlChannels.length ? { ...slots } : [], user } }));
    });
    this.queue = started.catch(() => {});
    return started;
  }

  /** Resolves the socket's credential again (its session ended, its user joined or left a team…). */
  refreshIdentity(): Promise<void> {
    const refreshed = this.queue.then(async () => this.become(await resolveSocketIdentity(this.deps.resolver, this.identity.credential)));
    this.queue = refreshed.catch(() => {});
    return refreshed;
  }

  private become(identity: SocketIdentity): void {
    const previous = this.userId;
    this.identity = identity;
    if (previous !== this.userId) this.deps.userChanged(this, previous);
  }

  private async handle(raw: string): Promise<void> {
    try {
      this.countMessage();
      const message = parseMessage(raw);
      switch (message.type) {
        case 'ping':
          this.send(PONG_FRAME);
          return;
        case 'authentication':
          return await this.authenticate(message.data);
        case 'subscribe':
          return this.subscribe(message.data);
        case 'unsubscribe':
          return this.unsubscribe(message.data);
        // SDK 28's upsertPresence: Appwrite's presence store is not part of this server, so the
        // frame gets the answer of any type the server does not handle (decision 018).
        default:
          throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Message type is not valid.');
      }
    } catch (error) {
      if (error instanceof RealtimeError) return this.fail(error);
      this.deps.log(`realtime: a frame failed: ${error instanceof Error ? error.message : String(error)}`);
      this.send(errorFrame(500, 'Error: Server Error'));
    }
  }

  private countMessage(): void {
    const cap = this.deps.messagesPerMinute;
    if (cap === null) return;
    const now = Date.now();
    if (now - this.windowStart >= MINUTE_MS) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    if (++this.windowCount > cap) throw new RealtimeError(REALTIME_CODES.tooMany, 'Too many messages.');
  }

  private async authenticate(data: unknown): Promise<void> {
    const session = data && typeof data === 'object' ? (data as { session?: unknown }).session : undefined;
    if (typeof session !== 'string' || session === '') throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
    const identity = await resolveSocketIdentity(this.deps.resolver, { kind: 'session', token: session });
    if (!identity.signedIn) throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Session is not valid.');
    this.become(identity);
    this.send(responseFrame({ to: 'authentication', success: true, user: await this.deps.describeUser(identity.signedIn) }));
  }

  private subscribe(data: unknown): void {
    if (!Array.isArray(data) || data.length === 0) throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
    const subscriptions = data.map(readSubscribeEntry);
    this.subscriptions.put(subscriptions);
    const answered = subscriptions.map(({ id, channels, queries }) => ({ subscriptionId: id, channels: [...channels], queries }));
    this.send(responseFrame({ to: 'subscribe', success: true, subscriptions: answered }));
  }

  private unsubscribe(data: unknown): void {
    if (!Array.isArray(data) || data.length === 0) throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
    const ids = data.map(readUnsubscribeEntry);
    const answered = ids.map((subscriptionId) => ({ subscriptionId, removed: this.subscriptions.remove(subscriptionId) }));
    this.send(responseFrame({ to: 'unsubscribe', success: true, subscriptions: answered }));
  }
}

interface ClientMessage {
  type: unknown;
  data: unknown;
}

function parseMessage(raw: string): ClientMessage {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    message = null;
  }
  if (!message || typeof message !== 'object' || Array.isArray(message) || (!('type' in message) && !('data' in message))) {
    throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Message format is not valid.');
  }
  return message as ClientMessage;
}
