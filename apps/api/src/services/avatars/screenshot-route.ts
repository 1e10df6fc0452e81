import { AppwriteError } from '../../core/errors.ts';
import { defineRoute, type BinaryBody } from '../../core/route.ts';
import { PREVIEW_SIZE_LIMIT, renderPreview } from '../storage/preview/render-preview.ts';
import { CaptureError, capturePage, type CaptureRequest } from './screenshot-capture.ts';
import { screenshotParams } from './screenshot-params.ts';

/** Appwrite lets the asker's browser keep a screenshot 30 days. */
const SCREENSHOT_CACHE_SECONDS = 30 * 24 * 3600;
/** What a page may download in all. */
const MAX_PAGE_BYTES = 25 * 1024 * 1024;
/** A 1920×1080 viewport at scale 3 fits; a taller full page is cut at the bottom. */
const MAX_CAPTURE_PIXELS = 25_000_000;
/** Larger captures are refused rather than sent (and the preview renderer would not transform them). */
const MAX_SCREENSHOT_BYTES = PREVIEW_SIZE_LIMIT;

function failed(message: string): AppwriteError {
  return new AppwriteError('avatar_remote_url_failed', `Screenshot generation failed: ${message}`);
}

/** Appwrite answers every capture failure, its browser service being down included, as avatar_remote_url_failed. */
function asAppwriteError(error: CaptureError): AppwriteError {
  if (error.reason === 'blocked' || error.reason === 'unresolved') return new AppwriteError('avatar_remote_url_failed', error.message);
  return failed(error.message);
}

export const getScreenshot = defineRoute({
  id: 'avatars.getScreenshot',
  method: 'GET',
  path: '/avatars/screenshots',
  summary: 'A web page rendered by a headless browser, as PNG (or the `output` format), optionally cropped to `width`×`height`.',
  scope: 'avatars.read',
  abuse: { limit: 60, windowSeconds: 3600, key: ['url', 'ip'] },
  params: screenshotParams,
  response: { status: 200, binary: 'image/*' },
  handler: async ({ params, ctx, services }): Promise<BinaryBody> => {
    const latitude = params.latitude ?? 0;
    const longitude = params.longitude ?? 0;
    const request: CaptureRequest = {
      url: params.url,
      headers: params.headers ?? {},
      viewport: { width: params.viewportWidth ?? 1280, height: params.viewportHeight ?? 720 },
      scale: params.scale ?? 1,
      theme: params.theme ?? 'light',
      userAgent: params.userAgent || undefined,
      fullPage: params.fullpage ?? false,
      locale: params.locale || undefined,
      timezoneId: params.timezone || undefined,
      // Appwrite sets a position only when one of the coordinates is not 0.
      geolocation: latitude !== 0 || longitude !== 0 ? { latitude, longitude, accuracy: params.accuracy ?? 0 } : undefined,
      hasTouch: params.touch ?? false,
      permissions: params.permissions ?? [],
      sleepMs: (params.sleep ?? 0) * 1000,
    };
    let png: Buffer;
    try {
      png = await capturePage(services.screenshots, request, {
        allowedHosts: ctx.config.avatarsAllowedHosts,
        timeoutMs: ctx.config.avatarsFetchTimeoutMs,
        maxPageBytes: MAX_PAGE_BYTES,
        maxPixels: MAX_CAPTURE_PIXELS,
      });
    } catch (error) {
      throw error instanceof CaptureError ? asAppwriteError(error) : error;
    }
    if (png.length > MAX_SCREENSHOT_BYTES) throw failed(`the screenshot is larger than ${MAX_SCREENSHOT_BYTES / 1_000_000} MB.`);
    const width = params.width ?? 0;
    const height = params.height ?? 0;
    const quality = params.quality ?? -1;
    const output = params.output ?? '';
    const cache = { cacheSeconds: SCREENSHOT_CACHE_SECONDS, cacheScope: 'private' } as const;
    // As Appwrite: the captured PNG as it is, unless a size, a quality or a format is asked for.
    if (width === 0 && height === 0 && quality === -1 && output === '') return { body: png, contentType: 'image/png', ...cache };
    try {
      const image = await renderPreview(png, 'image/png', { width, height, quality, ...(output ? { output } : {}) });
      return { ...image, ...cache };
    } catch (error) {
      throw failed(error instanceof Error ? error.message : 'the screenshot could not be converted.');
    }
  },
});
