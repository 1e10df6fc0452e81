import { z } from 'zod';
import { param, type ParamDefinition } from '../../core/params.ts';
import { PREVIEW_OUTPUTS } from '../storage/preview/preview-params.ts';
import { dimension, quality } from './avatar-params.ts';

type Optional<T extends z.ZodType> = ParamDefinition<T> & { required: false };

/** The permissions Appwrite's `permissions` list accepts. */
export const BROWSER_PERMISSIONS = [
  'geolocation',
  'camera',
  'microphone',
  'notifications',
  'midi',
  'push',
  'clipboard-read',
  'clipboard-write',
  'payment-handler',
  'usb',
  'bluetooth',
  'accelerometer',
  'gyroscope',
  'magnetometer',
  'ambient-light-sensor',
  'background-sync',
  'persistent-storage',
  'screen-wake-lock',
  'web-share',
  'xr-spatial-tracking',
] as const;

export type BrowserPermission = (typeof BROWSER_PERMISSIONS)[number];

function floatRange(min: number, max: number, description: string): Optional<z.ZodNumber> {
  const message = `Value must be a valid range between ${min} and ${max}`;
  return { schema: z.number({ error: message }).min(min, { error: message }).max(max, { error: message }), required: false, description };
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T, description: string): Optional<z.ZodType<T[number]>> {
  const message = `Value must be one of (${values.join(', ')})`;
  return { schema: z.enum(values, { error: message }), required: false, description };
}

/** Appwrite's Assoc: an object of header names to values (a JSON object in the query string); values are sent as text. */
const headersParam: Optional<z.ZodType<Record<string, string>>> = {
  schema: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean()]), { error: 'Value must be a valid object.' })
    .refine((value) => JSON.stringify(value).length <= 65_535, { error: 'Value must be a valid object.' })
    .transform((value) => Object.fromEntries(Object.entries(value).map(([name, text]) => [name, String(text)]))),
  required: false,
  description: 'HTTP headers the browser sends with its requests, as an object of names to values.',
};

/**
 * Appwrite accepts PHP's list of IANA zone names, compared case-insensitively (the SDK sends them in
 * lower case); the browser gets the canonical spelling. '' means "the browser's default".
 */
const timezoneMessage = 'Value must be a valid IANA timezone identifier';
const timezoneParam: Optional<z.ZodType<string>> = {
  schema: z.string({ error: timezoneMessage }).transform((value, context) => {
    if (value === '') return '';
    try {
      if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) throw new RangeError(value);
      return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      context.addIssue({ code: 'custom', message: timezoneMessage });
      return z.NEVER;
    }
  }),
  required: false,
  description: 'IANA timezone of the browser (e.g. `America/New_York`); by default the server\'s.',
};

const permissionsMessage = `Value must a valid array and Value must be one of (${BROWSER_PERMISSIONS.join(', ')})`;
const permissionsParam: Optional<z.ZodType<BrowserPermission[]>> = {
  schema: z.array(z.enum(BROWSER_PERMISSIONS, { error: permissionsMessage }), { error: permissionsMessage }).max(BROWSER_PERMISSIONS.length * 2, { error: permissionsMessage }),
  required: false,
  description: 'Browser permissions granted to the page (`geolocation`, `camera`, `notifications`…).',
};

/** Output formats are compared as Appwrite's strict WhiteList does; '' means "PNG as captured". */
const outputParam: Optional<z.ZodType<(typeof PREVIEW_OUTPUTS)[number] | ''>> = {
  schema: z.union([z.literal(''), z.enum(PREVIEW_OUTPUTS)], { error: `Value must be one of (${PREVIEW_OUTPUTS.join(', ')})` }),
  required: false,
  description: 'Output format: jpg, jpeg, png, gif, webp, heic or avif (default png).',
};

/** The params of GET /avatars/screenshots, with Appwrite's ranges; absent ones take the defaults in screenshot-route.ts. */
export const screenshotParams = {
  url: param.url({ required: true, description: 'http or https URL of the page to capture.' }),
  headers: headersParam,
  viewportWidth: param.integer({ min: 1, max: 1920, description: 'Browser viewport width, 1…1920 (default 1280).' }),
  viewportHeight: param.integer({ min: 1, max: 1080, description: 'Browser viewport height, 1…1080 (default 720).' }),
  scale: floatRange(0.1, 3, 'Device scale factor, 0.1…3 (default 1).'),
  theme: oneOf(['light', 'dark'], 'Preferred colour scheme: `light` (default) or `dark`.'),
  userAgent: param.string({ max: 512, description: "User agent; by default the browser's own." }),
  fullpage: param.boolean({ description: 'true: capture the whole scrollable page, not only the viewport.' }),
  locale: param.string({ max: 10, description: 'Browser locale (e.g. `en-US`); by default the browser\'s.' }),
  timezone: timezoneParam,
  latitude: floatRange(-90, 90, 'Geolocation latitude, -90…90 (default 0).'),
  longitude: floatRange(-180, 180, 'Geolocation longitude, -180…180 (default 0).'),
  accuracy: floatRange(0, 100_000, 'Geolocation accuracy in metres, 0…100000 (default 0).'),
  touch: param.boolean({ description: 'true: the browser reports touch support.' }),
  permissions: permissionsParam,
  sleep: param.integer({ min: 0, max: 10, description: 'Seconds to wait after the page has loaded, 0…10 (default 0).' }),
  width: dimension('Output width, 0…2000; 0 (default) keeps the captured width.'),
  height: dimension('Output height, 0…2000; 0 (default) keeps the captured height.'),
  quality,
  output: outputParam,
};
