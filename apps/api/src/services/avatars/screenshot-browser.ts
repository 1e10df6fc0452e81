import { accessSync, constants } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';

/**
 * The one headless Chromium behind /avatars/screenshots: launched on the first capture, shared by
 * all of them (each gets its own context), relaunched if it dies, closed with the server. At most
 * `maxConcurrent` captures run at once; the others wait their turn (or give up with their signal).
 */

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** Flags for a headless Chromium in a container that only reaches the network through a context's proxy. */
const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // WebRTC may otherwise send UDP straight to any address a page names.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Nothing listens here: traffic outside a capture's context (which sets its own proxy) goes nowhere. */
const DEAD_END_PROXY = 'http://127.0.0.1:9';

/** CHROMIUM_PATH when set, else the first Chromium found where Debian installs it. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const override = env['CHROMIUM_PATH'];
  const candidates = override ? [override] : CANDIDATES;
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** No Chromium on this machine, it would not start, or the server is shutting down. */
export class BrowserUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BrowserUnavailableError';
  }
}

/** Waiting for a free capture slot took longer than the caller's signal allowed. */
export class BrowserBusyError extends Error {
  constructor() {
    super('every screenshot slot stayed busy');
    this.name = 'BrowserBusyError';
  }
}

/** A counting semaphore whose waiters can give up. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  async take(signal: AbortSignal): Promise<() => void> {
    if (this.#free > 0) {
      this.#free--;
      return () => this.#give();
    }
    signal.throwIfAborted();
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', giveUp);
        resolve();
      };
      const giveUp = () => {
        this.#waiting.splice(this.#waiting.indexOf(wake), 1);
        reject(new BrowserBusyError());
      };
      this.#waiting.push(wake);
      signal.addEventListener('abort', giveUp, { once: true });
    });
    return () => this.#give();
  }

  #give(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

export interface ScreenshotBrowserOptions {
  /** Where Chromium is, asked at each launch (so installing it later works); default findChromium(). */
  locate?: () => string | undefined;
  maxConcurrent?: number;
}

export class ScreenshotBrowser {
  readonly #locate: () => string | undefined;
  readonly #slots: Slots;
  #browser: Promise<Browser> | undefined;
  #closed = false;

  constructor(options: ScreenshotBrowserOptions = {}) {
    this.#locate = options.locate ?? (() => findChromium());
    this.#slots = new Slots(options.maxConcurrent ?? 2);
  }

  /** Runs `work` in a fresh browser context (closed afterwards) once a slot is free. */
  async withContext<T>(options: BrowserContextOptions, signal: AbortSignal, work: (context: BrowserContext) => Promise<T>): Promise<T> {
    const release = await this.#slots.take(signal);
    try {
      const browser = await this.#launched();
      const context = await browser.newContext(options);
      try {
        return await work(context);
      } finally {
        await context.close().catch(() => {});
      }
    } finally {
      release();
    }
  }

  /** Closes Chromium (if it ever started); later captures are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    const browser = this.#browser;
    this.#browser = undefined;
    if (browser) await browser.then((running) => running.close()).catch(() => {});
  }

  #launched(): Promise<Browser> {
    if (this.#closed) return Promise.reject(new BrowserUnavailableError('the server is shutting down'));
    this.#browser ??= this.#launch().then(
      (browser) => {
        // A crashed browser is started again by the next capture.
        browser.once('disconnected', () => {
          if (this.#browser === launched) this.#browser = undefined;
        });
        if (this.#closed) void browser.close();
        return browser;
      },
      (error: unknown) => {
        this.#browser = undefined;
        throw error;
      },
    );
    const launched = this.#browser;
    return launched;
  }

  async #launch(): Promise<Browser> {
    const executablePath = this.#locate();
    if (!executablePath) throw new BrowserUnavailableError('no Chromium is installed on the server (set CHROMIUM_PATH)');
    const { chromium } = await import('playwright-core');
    try {
      return await chromium.launch({ executablePath, args: CHROMIUM_ARGS, proxy: { server: DEAD_END_PROXY }, timeout: 30_000 });
    } catch (error) {
      throw new BrowserUnavailableError('Chromium could not be started', { cause: error });
    }
  }
}
