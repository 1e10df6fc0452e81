/**
 * The Cookie header a visitor sent. Anything may arrive there — a value another app on the same
 * host wrote, a hand-made header, bytes that are not UTF-8 — so a pair that cannot be read is
 * skipped, never fatal.
 */

/**
 * The `name → raw value` pairs of a Cookie header. A repeated name keeps its first value, as
 * browsers send the most specific cookie first; pairs without a name are skipped.
 */
export function cookiePairs(header: string | null | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals === -1) continue;
    const name = part.slice(0, equals).trim();
    if (name === '' || pairs.has(name)) continue;
    pairs.set(name, part.slice(equals + 1).trim());
  }
  return pairs;
}

export type CookieReading = { state: 'absent' } | { state: 'unreadable' } | { state: 'present'; value: string };

/** One cookie of the request, percent-decoded; `unreadable` when its escapes do not decode (`lang=%FF`). */
export function inspectCookie(request: Request, name: string): CookieReading {
  const raw = cookiePairs(request.headers.get('cookie')).get(name);
  if (raw === undefined) return { state: 'absent' };
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return { state: 'present', value: decodeURIComponent(unquoted) };
  } catch {
    return { state: 'unreadable' };
  }
}

/** One cookie's decoded value; undefined when absent or unreadable. */
export function readCookie(request: Request, name: string): string | undefined {
  const reading = inspectCookie(request, name);
  return reading.state === 'present' ? reading.value : undefined;
}
