import { staticPaths } from '../urls';

/** Where a visitor goes after signing in when the link did not say. */
export const DEFAULT_NEXT = staticPaths.profile;

const BASE = 'http://site.invalid';
/** Pages that make no sense to return to once signed in (or out). */
const AUTH_PAGES = new Set<string>([staticPaths.signin, staticPaths.signup, staticPaths.recovery, staticPaths.signout]);

/**
 * `value` when it is a path of this site (no scheme, no `//host`, no backslash tricks, no control
 * characters), normalised; else null. What makes a redirect target safe: never an open redirect.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return null;
  // Browsers read `\` as `/`, so `/\evil.example` would be protocol-relative.
  if (value.startsWith('//') || /[\\\u0000-\u001F\u007F]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into `//host` (`/.//evil.example`).
  return url.origin === BASE && !path.startsWith('//') ? path : null;
}

/** The `?next=` a visitor returns to after signing in: a same-site path other than the sign-in pages, else the profile. */
export function safeNextPath(value: unknown): string {
  const path = sameSitePath(value);
  if (path === null || AUTH_PAGES.has(new URL(path, BASE).pathname)) return DEFAULT_NEXT;
  return path;
}

/** `path?…&next=…`: slashes stay readable (`next=/activeUserProfile`), everything else is encoded. */
export function withNext(path: string, next: string, extra: Record<string, string> = {}): string {
  const parts = [...Object.entries(extra), ['next', next]].map(([name, value]) => `${encodeURIComponent(name!)}=${encodeURIComponent(value!).replaceAll('%2F', '/')}`);
  return `${path}?${parts.join('&')}`;
}
