/**
 * What the web SDKs' realtime code needs from a browser, in Node: `window` timers and a
 * `localStorage` holding the `cookieFallback` session (SDK 17 reads the session for its
 * `authentication` frame only from there). Node's own WebSocket is used, observed: each socket
 * the SDKs open is recorded with the frames it received, so a test knows when it is connected.
 */

const NativeWebSocket = globalThis.WebSocket;

/** The session SDK 17 finds in `cookieFallback`; set only while a test opens a socket. SDK calls cannot change it. */
let fallbackCookies: string | null = null;

export function withFallbackSession(cookieName: string, token: string | undefined): void {
  fallbackCookies = token ? JSON.stringify({ [cookieName]: token }) : null;
}

export interface Frame {
  type: string;
  data?: any;
}

/** A socket an SDK opened (or a test opened itself), with every frame it received. */
export class ObservedSocket extends NativeWebSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<CloseEvent>;
  private waiters: Array<() => void> = [];

  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    observed.push(this);
    this.addEventListener('message', (event: MessageEvent) => {
      this.frames.push(JSON.parse(String(event.data)) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => this.addEventListener('close', (event) => resolve(event as CloseEvent)));
  }

  /** The first frame (from the start) matching `test`. */
  async frame(test: (frame: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
  }

  sendJson(frame: unknown): void {
    this.send(JSON.stringify(frame));
  }
}

const observed: ObservedSocket[] = [];

/** The next socket opened after `count` sockets were. */
export async function socketAfter(count: number, timeoutMs = 5_000): Promise<ObservedSocket> {
  const deadline = Date.now() + timeoutMs;
  while (observed.length <= count) {
    if (Date.now() > deadline) throw new Error('the SDK opened no socket');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return observed[count]!;
}

export function socketsOpened(): number {
  return observed.length;
}

const unref = <T extends { unref?(): unknown }>(timer: T): T => (timer.unref?.(), timer);

/** Both SDKs send their `ping` frame from a 20 s interval. */
const SDK_HEARTBEAT_MS = 20_000;
const heartbeats: Array<() => void> = [];

/** How many heartbeat intervals the SDKs have started so far. */
export function sdkHeartbeatsStarted(): number {
  return heartbeats.length;
}

/**
 * Runs the heartbeat callbacks the SDKs started after the first `since` now, instead of waiting
 * 20 s: each sends its client's `ping` frame.
 */
export function runSdkHeartbeats(since: number): number {
  const started = heartbeats.slice(since);
  for (const beat of started) beat();
  return started.length;
}

export function installBrowserGlobals(): void {
  const storage = {
    getItem: (key: string) => (key === 'cookieFallback' ? fallbackCookies : null),
    setItem: () => {},
    removeItem: () => {},
  };
  Object.assign(globalThis, {
    window: {
      setTimeout: (handler: () => void, ms?: number) => setTimeout(handler, ms),
      clearTimeout: (timer: NodeJS.Timeout) => clearTimeout(timer),
      // The SDKs' 20 s heartbeats must not keep a finished test file alive.
      setInterval: (handler: () => void, ms?: number) => {
        const timer = unref(setInterval(handler, ms));
        if (ms === SDK_HEARTBEAT_MS) heartbeats.push(handler);
        return timer;
      },
      clearInterval: (timer: NodeJS.Timeout) => clearInterval(timer),
      localStorage: storage,
      console,
    },
    WebSocket: ObservedSocket,
  });
}
