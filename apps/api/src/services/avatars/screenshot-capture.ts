import type { BrowserContextOptions, Page, Request, Route } from 'playwright-core';
import { checkUrl } from '../../net/host-check.ts';
import { BrowserBusyError, BrowserUnavailableError, type ScreenshotBrowser } from './screenshot-browser.ts';
import { startGuardProxy } from './screenshot-proxy.ts';

/** One page to capture, with the browser settings Appwrite's screenshot service takes. */
export interface CaptureRequest {
  url: string;
  headers: Record<string, string>;
  viewport: { width: number; height: number };
  scale: number;
  theme: 'light' | 'dark';
  userAgent?: string | undefined;
  fullPage: boolean;
  locale?: string | undefined;
  timezoneId?: string | undefined;
  geolocation?: { latitude: number; longitude: number; accuracy: number } | undefined;
  hasTouch: boolean;
  permissions: readonly string[];
  sleepMs: number;
}

export interface CaptureLimits {
  /** `host` or `host:port` entries reachable whatever their address (tests only). */
  allowedHosts: readonly string[];
  /** For the page to load, and again for the picture to be taken. */
  timeoutMs: number;
  /** What the page may download in all (documents, scripts, pictures…). */
  maxPageBytes: number;
  /** Device pixels a full-page capture may have; a taller page is cut at the bottom. */
  maxPixels: number;
}

export type CaptureFailure = 'blocked' | 'unresolved' | 'timeout' | 'too-large' | 'unavailable' | 'busy' | 'failed';

export class CaptureError extends Error {
  readonly reason: CaptureFailure;

  constructor(reason: CaptureFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CaptureError';
    this.reason = reason;
  }
}

/** Permissions Chromium can grant through Playwright; Appwrite also lists a few it cannot (push, usb…), which are skipped. */
const GRANTABLE = new Set(['geolocation', 'camera', 'microphone', 'notifications', 'midi', 'clipboard-read', 'clipboard-write', 'payment-handler', 'accelerometer', 'gyroscope', 'magnetometer', 'ambient-light-sensor', 'background-sync', 'screen-wake-lock']);

function contextOptions(request: CaptureRequest, proxy: { server: string; username: string; password: string }): BrowserContextOptions {
  return {
    viewport: request.viewport,
    deviceScaleFactor: request.scale,
    colorScheme: request.theme,
    hasTouch: request.hasTouch,
    extraHTTPHeaders: request.headers,
    permissions: request.permissions.filter((permission) => GRANTABLE.has(permission)),
    proxy,
    serviceWorkers: 'block',
    acceptDownloads: false,
    ...(request.userAgent ? { userAgent: request.userAgent } : {}),
    ...(request.locale ? { locale: request.locale } : {}),
    ...(request.timezoneId ? { timezoneId: request.timezoneId } : {}),
    ...(request.geolocation ? { geolocation: request.geolocation } : {}),
  };
}

/** The part of a full page that stays within `maxPixels` device pixels (the top of it). */
async function fullPageClip(page: Page, scale: number, maxPixels: number): Promise<{ x: number; y: number; width: number; height: number } | undefined> {
  const size = await page.evaluate(() => {
    const root = document.documentElement;
    const body = document.body as HTMLElement | null;
    return { width: Math.max(root.scrollWidth, body?.scrollWidth ?? 0), height: Math.max(root.scrollHeight, body?.scrollHeight ?? 0) };
  });
  if (size.width * size.height * scale * scale <= maxPixels) return undefined;
  const width = Math.min(size.width, Math.floor(maxPixels / scale / scale));
  return { x: 0, y: 0, width, height: Math.max(1, Math.floor(maxPixels / (width * scale * scale))) };
}

/** The main frame's document (a worker's request has no frame to ask). */
function isMainDocument(request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame() === request.frame().page().mainFrame();
  } catch {
    return false;
  }
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Loads `request.url` in its own browser context and returns a PNG of it. Every request the page
 * makes is checked twice: here, by Playwright routing (a refused one is aborted), and by the guard
 * proxy every connection goes through (which also catches redirects, which routing does not see).
 */
export async function capturePage(browser: ScreenshotBrowser, request: CaptureRequest, limits: CaptureLimits): Promise<Buffer> {
  const target = new URL(request.url);
  const verdict = await checkUrl(target, limits.allowedHosts);
  if (!verdict.allowed) throw new CaptureError(verdict.reason, verdict.reason === 'blocked' ? 'The URL points to a private, local or reserved address.' : `${target.hostname} does not resolve.`);

  const proxy = await startGuardProxy({ allowedHosts: limits.allowedHosts, maxBytes: limits.maxPageBytes });
  let documentRefused = false;
  const guard = async (route: Route) => {
    const outgoing = route.request();
    const check = await checkUrl(new URL(outgoing.url()), limits.allowedHosts).catch(() => ({ allowed: false }) as const);
    if (check.allowed) return route.continue().catch(() => {});
    if (isMainDocument(outgoing)) documentRefused = true;
    return route.abort('blockedbyclient').catch(() => {});
  };

  try {
    return await browser.withContext(contextOptions(request, proxy), AbortSignal.timeout(limits.timeoutMs), async (context) => {
      const page = await context.newPage();
      await page.route('**/*', guard);
      try {
        await page.goto(target.href, { waitUntil: 'load', timeout: limits.timeoutMs });
      } catch (error) {
        if (proxy.overLimit) throw new CaptureError('too-large', `The page downloads more than ${limits.maxPageBytes / 1024 / 1024} MB.`);
        if (documentRefused || proxy.refusals > 0) throw new CaptureError('blocked', 'The page or a redirect points to a private, local or reserved address.');
        if (error instanceof Error && error.name === 'TimeoutError') throw new CaptureError('timeout', `The page did not load within ${limits.timeoutMs / 1000} s.`);
        throw new CaptureError('failed', `The page could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
      if (request.sleepMs > 0) await wait(request.sleepMs);
      const clip = request.fullPage ? await fullPageClip(page, request.scale, limits.maxPixels) : undefined;
      const picture = await page.screenshot({ type: 'png', fullPage: request.fullPage, timeout: limits.timeoutMs, ...(clip ? { clip } : {}) });
      if (proxy.overLimit) throw new CaptureError('too-large', `The page downloads more than ${limits.maxPageBytes / 1024 / 1024} MB.`);
      return picture;
    });
  } catch (error) {
    if (error instanceof CaptureError) throw error;
    if (error instanceof BrowserUnavailableError) throw new CaptureError('unavailable', error.message, { cause: error });
    if (error instanceof BrowserBusyError) throw new CaptureError('busy', 'The server is taking other screenshots; try again shortly.', { cause: error });
    if (error instanceof Error && error.name === 'TimeoutError') throw new CaptureError('timeout', `The page could not be captured within ${limits.timeoutMs / 1000} s.`, { cause: error });
    throw new CaptureError('failed', `The page could not be captured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, { cause: error });
  } finally {
    await proxy.close();
  }
}
