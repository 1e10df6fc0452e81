/**
 * The browser side of the suite: one Chromium per run (launched by global-setup.ts), reached from
 * each test file over its WebSocket; a fresh context per test (or per group of pages) with the
 * colour scheme, viewport, locale and stored colour mode it needs.
 */
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { OperatorApi } from './api.ts';
import type { E2EContext } from './global-setup.ts';

export function e2e(): E2EContext {
  const context = inject('e2e');
  if (!context) throw new Error('the e2e context is missing: run with vitest.e2e.config.ts');
  return context;
}

export const baseUrl = (): string => e2e().url;
export const api = (): OperatorApi => new OperatorApi(e2e());

let browser: Browser | undefined;

export async function getBrowser(): Promise<Browser> {
  if (!browser || !browser.isConnected()) browser = await chromium.connect(e2e().wsEndpoint);
  return browser;
}

/**
 * A desktop Chrome user agent. Headless Chromium says "HeadlessChrome", which bot detection
 * (isbot) rightly treats as a bot — and bots get bare error responses (seed §2).
 */
export const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** fetch() against the site as a desktop browser would (Node's own user agent counts as a bot). */
export function siteFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('user-agent')) headers.set('user-agent', DESKTOP_UA);
  return fetch(new URL(path, baseUrl()), { ...init, headers });
}

export async function closeBrowser(): Promise<void> {
  await browser?.close().catch(() => {});
  browser = undefined;
}

export interface ContextOptions {
  colorScheme?: 'light' | 'dark' | 'no-preference';
  /** Stored before any page script runs: the site's colour-mode preference in localStorage. */
  colourMode?: 'light' | 'dark' | 'system';
  viewport?: { width: number; height: number };
  locale?: string;
  userAgent?: string;
  /** false: a browser with JavaScript off (the site's forms must still work). */
  javaScript?: boolean;
  /**
   * The visitor's own address, sent as X-Forwarded-For (the server believes loopback proxies):
   * a person's abuse limits are theirs, not shared with every other test of the run.
   */
  visitorAddress?: string;
}

let visitorsMade = 0;
/** A new address from the documentation range 2001:db8::/32, one per call. */
export function newVisitorAddress(): string {
  visitorsMade += 1;
  return `2001:db8::${(process.pid % 0xffff).toString(16)}:${(visitorsMade % 0xffff).toString(16)}`;
}

/** A new isolated context (cookies, storage) on the shared browser; close it when done. */
export async function newContext(options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await (await getBrowser()).newContext({
    baseURL: baseUrl(),
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-GB',
    reducedMotion: 'reduce',
    userAgent: options.userAgent ?? DESKTOP_UA,
    javaScriptEnabled: options.javaScript ?? true,
    ...(options.visitorAddress ? { extraHTTPHeaders: { 'x-forwarded-for': options.visitorAddress } } : {}),
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (options.colourMode) {
    await context.addInitScript((mode: string) => {
      try {
        if (!sessionStorage.getItem('e2e-colour-mode-set')) {
          localStorage.setItem('color-mode', mode);
          sessionStorage.setItem('e2e-colour-mode-set', '1');
        }
      } catch {
        /* opaque origins (about:blank) have no storage */
      }
    }, options.colourMode);
  }
  return context;
}

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

/** Records console messages and uncaught page errors from the moment it is called. */
export function watchConsole(page: Page): ConsoleEntry[] {
  const entries: ConsoleEntry[] = [];
  page.on('console', (message: ConsoleMessage) => entries.push({ type: message.type(), text: message.text(), url: message.location().url }));
  page.on('pageerror', (error) => entries.push({ type: 'pageerror', text: `${error.name}: ${error.message}`, url: page.url() }));
  return entries;
}

/** Errors and warnings worth failing on: everything except the browser's own note that a response was a 4xx (the 404 pages). */
export function consoleProblems(entries: readonly ConsoleEntry[]): ConsoleEntry[] {
  return entries.filter(
    (entry) => (entry.type === 'error' || entry.type === 'warning' || entry.type === 'pageerror') && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(entry.text),
  );
}

export const formatConsole = (entries: readonly ConsoleEntry[]): string => entries.map((entry) => `[${entry.type}] ${entry.text} (${entry.url})`).join('\n');

/** True once React has hydrated the document (it attaches its fiber to <body>); while a reload replaces the document, <body> may not exist yet. */
export async function waitForHydration(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => document.body !== null && Object.keys(document.body).some((key) => key.startsWith('__reactFiber') || key.startsWith('__reactProps')),
    undefined,
    { timeout },
  );
}

/**
 * Marks the current document; the returned function resolves once a new document has replaced it
 * and hydrated. Waiting for the `load` state alone can return at once on the old document, which is
 * still loaded while the reload's request is under way.
 */
export async function markDocument(page: Page): Promise<(timeout?: number) => Promise<void>> {
  await page.evaluate(() => {
    (window as unknown as { __documentMark?: boolean }).__documentMark = true;
  });
  return async (timeout = 15_000) => {
    await page.waitForFunction(() => (window as unknown as { __documentMark?: boolean }).__documentMark !== true, undefined, { timeout });
    await waitForHydration(page, timeout);
  };
}

/** Opens a path, waits for hydration, and returns the navigation's HTTP status. */
export async function open(page: Page, path: string, options: { hydrate?: boolean } = {}): Promise<number> {
  const response = await page.goto(path, { waitUntil: 'load' });
  if (!response) throw new Error(`no response for ${path}`);
  if (options.hydrate !== false) await waitForHydration(page);
  return response.status();
}

/**
 * Fresh browser contexts for a test file, each isolated (cookies, storage); every one closes after
 * each test, and the browser connection after the file. `page` is a new context's first page.
 */
export function freshContexts(): { context(options?: ContextOptions): Promise<BrowserContext>; page(options?: ContextOptions): Promise<Page> } {
  const contexts: BrowserContext[] = [];
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(closeBrowser);
  const context = async (options: ContextOptions = {}) => {
    const opened = await newContext(options);
    contexts.push(opened);
    return opened;
  };
  return { context, page: async (options = {}) => (await context(options)).newPage() };
}

/** One browser context for a whole test file: opened before its tests, closed (with the browser connection) after them. */
export function fileContext(): () => BrowserContext {
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    context = await newContext();
  });
  afterAll(async () => {
    await context?.close();
    await closeBrowser();
  });
  return () => {
    if (!context) throw new Error('the browser context opens in beforeAll');
    return context;
  };
}
