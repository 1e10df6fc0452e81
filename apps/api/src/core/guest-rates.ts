/**
 * Work that costs the server far more than an ordinary read, which a route declares with
 * `expensive` (core/route.ts). Guests get a budget per address and kind, set by the named
 * setting; a new kind (the PDF export) is one entry here, one `expensive` on its route and one
 * README line.
 */
export const EXPENSIVE_WORK = {
  /**
   * Full-text searches (a list with a `search` query or param): about 15 ms of CPU each on a
   * million candidates (bench/RESULTS.md), against 1 ms for a plain list. The site's search page
   * makes 5 of them and every round of suggestions 4, so a visitor who types a 20-letter name
   * letter by letter and opens the results uses about 80; 240 a minute is three such searches
   * a minute for one address (a household or an office behind one NAT), while one address
   * cannot take more than 4 searches a second, about 6 % of one core.
   */
  search: { setting: 'GUEST_SEARCH_RATE', defaultRate: '240/60' },
  /**
   * File previews: a cached one is a file read, but every new size, crop or format is an image
   * render. A page shows at most 25 candidate photos and browsers keep previews for 30 days, so
   * 300 a minute is 12 pages of pictures never seen before, every minute.
   */
  preview: { setting: 'GUEST_PREVIEW_RATE', defaultRate: '300/60' },
  /**
   * Function executions: each takes a worker process for its run (a cold start alone is about
   * 100 ms of CPU), and the site's one guest use, the PDF export, renders for up to seconds with
   * hundreds of MB (decision 013). A visitor exports a few lists; 20 in 10 minutes lets a family
   * or an office behind one address do that while one address cannot start hundreds.
   */
  execution: { setting: 'GUEST_EXECUTION_RATE', defaultRate: '20/600' },
} as const;

export type ExpensiveKind = keyof typeof EXPENSIVE_WORK;

/** At most `limit` requests in a fixed window of `windowSeconds`, per address. */
export interface GuestRate {
  limit: number;
  windowSeconds: number;
}

/** Each kind's rate; null turns that limit off. */
export type GuestRates = Record<ExpensiveKind, GuestRate | null>;

export const GUEST_RATE_FORMAT = '`N/SECONDS` (at most N requests per SECONDS from one address), or 0 or off';

/** `N/SECONDS` → a rate; `0` or `off` → null; anything else → a message for the configuration error. */
export function parseGuestRate(text: string): GuestRate | null | string {
  const value = text.trim().toLowerCase();
  if (value === '0' || value === 'off') return null;
  const match = /^(\d{1,9})\s*\/\s*(\d{1,6})$/.exec(value);
  const limit = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || limit < 1 || windowSeconds < 1 || windowSeconds > 86_400) return `must be ${GUEST_RATE_FORMAT}, with 1 ≤ SECONDS ≤ 86400`;
  return { limit, windowSeconds };
}

/** The fixed-window counter of one kind for one address. */
export function guestRateKey(kind: ExpensiveKind, ip: string): string {
  return `guest:${kind},ip:${ip}`;
}

/** Every kind's setting from the environment (its default when unset), and what is wrong with them. */
export function readGuestRates(env: Record<string, string | undefined>): { rates: GuestRates; problems: string[] } {
  const problems: string[] = [];
  const rates = {} as GuestRates;
  for (const [kind, work] of Object.entries(EXPENSIVE_WORK) as [ExpensiveKind, (typeof EXPENSIVE_WORK)[ExpensiveKind]][]) {
    const given = env[work.setting];
    const rate = parseGuestRate(given === undefined || given === '' ? work.defaultRate : given);
    if (typeof rate === 'string') problems.push(`${work.setting}: ${rate}`);
    else rates[kind] = rate;
  }
  return { rates, problems };
}
