import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import { TEST_PROJECT } from '../../support/test-server.ts';
import { ObservedSocket, socketAfter, socketsOpened, withFallbackSession } from './realtime-browser.ts';
import type { SdkGeneration } from './sdk-generations.ts';

/** An event as the SDKs hand it to a subscriber's callback. */
export interface LiveMessage {
  events: string[];
  channels: string[];
  timestamp: string;
  payload: Record<string, any>;
  subscriptions?: string[];
}

/** What one SDK subscription received, and its socket. */
export interface LiveFeed {
  readonly messages: LiveMessage[];
  readonly socket: ObservedSocket;
  /** The first message (from the start) that `test` accepts. */
  next(test: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  close(): Promise<void>;
}

function feedOn(socket: ObservedSocket, messages: LiveMessage[], close: () => Promise<void> | void): LiveFeed {
  return {
    messages,
    socket,
    async next(test, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((message) => message.events[0]))}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      await close();
      if (socket.readyState !== WebSocket.CLOSED) await socket.closed;
    },
  };
}

const COOKIE = `a_session_${TEST_PROJECT}`;

/**
 * Subscribes with the generation's own API (SDK 17: `client.subscribe`, channels in the URL;
 * SDK 28: `Realtime.subscribe`, channels in a `subscribe` frame), as a guest or as the holder of
 * `session`; resolves once the server has answered everything the SDK sent. `queries` (SDK 28
 * only) filter the subscription's events.
 */
export async function subscribeWith(sdk: SdkGeneration, endpoint: string, channels: string[], session?: string, queries?: string[]): Promise<LiveFeed> {
  const messages: LiveMessage[] = [];
  const before = socketsOpened();
  if (sdk.version.startsWith('17.')) {
    if (queries) throw new Error('SDK 17 subscriptions take no queries');
    const client = new appwrite17.Client().setEndpoint(endpoint).setProject(TEST_PROJECT);
    withFallbackSession(COOKIE, session);
    try {
      const unsubscribe = client.subscribe(channels, (message) => messages.push(message as unknown as LiveMessage));
      const socket = await socketAfter(before);
      await socket.frame((frame) => frame.type === 'connected');
      if (session) await socket.frame((frame) => frame.type === 'response' && frame.data.to === 'authentication');
      return feedOn(socket, messages, unsubscribe);
    } finally {
      withFallbackSession(COOKIE, undefined);
    }
  }
  const client = new appwrite28.Client().setEndpoint(endpoint).setProject(TEST_PROJECT);
  if (session) client.setSession(session);
  const realtime = new appwrite28.Realtime(client);
  await realtime.subscribe(channels, (message) => messages.push(message as unknown as LiveMessage), queries);
  const socket = await socketAfter(before);
  await socket.frame((frame) => frame.type === 'response' && frame.data.to === 'subscribe');
  if (session) await socket.frame((frame) => frame.type === 'response' && frame.data.to === 'authentication');
  return feedOn(socket, messages, () => realtime.disconnect());
}

/** A socket opened by hand at `/v1/realtime?query`, for what no SDK call sends. */
export function openSocket(endpoint: string, query: string): ObservedSocket {
  return new ObservedSocket(`${endpoint.replace('http://', 'ws://')}/realtime?${query}`);
}
