import { readCookie } from '../../lib/cookie-header';

/** The visitor's chosen electoral area (its slug): no account, just this browser. */
export const MY_PLACE_COOKIE = 'my-place';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie that remembers an electoral area for a year. */
export function rememberPlaceCookie(areaSlug: string): string {
  return `${MY_PLACE_COOKIE}=${encodeURIComponent(areaSlug)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly`;
}

/** The Set-Cookie that forgets it ("change place"). */
export function forgetPlaceCookie(): string {
  return `${MY_PLACE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
}

/** The remembered area's slug, if any. */
export function rememberedPlace(request: Request): string | undefined {
  const slug = readCookie(request, MY_PLACE_COOKIE);
  return slug ? slug : undefined;
}
