/**
 * The guest search rate as a visitor meets it (issue 11, item 6): the site renders pages by
 * calling the API over loopback and forwards the visitor's address, so each visitor has their
 * own budget — not all of them together as 127.0.0.1. One search page costs 5 searches (one per
 * kind of result). Past the budget the search page answers 429 with the site's own message in the
 * visitor's language; the directory pages, which never search, keep working for that visitor.
 * A server of its own, with a budget of 10 searches per address per hour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorApi, q } from './support/api.ts';
import { startE2EServer, type E2EServer } from './support/server.ts';
import { DESKTOP_UA } from './support/site-fuzz.ts';

const SEARCHES_PER_PAGE = 5;
const BUDGET = 2 * SEARCHES_PER_PAGE;
const WINDOW_SECONDS = 3600;

let server: E2EServer;
let term: string;
let candidateName: string;

beforeAll(async () => {
  // Fixed windows: wait out the last seconds of one, so a test's requests all land in the same window.
  const secondsLeft = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (secondsLeft < 60) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 100));
  server = await startE2EServer(() => {}, { GUEST_SEARCH_RATE: `${BUDGET}/${WINDOW_SECONDS}` });
  const candidate = await new OperatorApi(server).first('candidates', [q.orderAsc('name')]);
  candidateName = String(candidate?.['name']);
  term = candidateName.split(' ')[0]!;
});

afterAll(async () => {
  await server?.close();
});

let visitorCounter = 0;
/** A visitor of its own, as the reverse proxy in front of the site would name them. */
function visitor(extra: Record<string, string> = {}): Record<string, string> {
  visitorCounter += 1;
  // A browser's user agent: bots get a failed page's status without the page (entry.server.tsx).
  return { 'x-forwarded-for': `203.0.113.${visitorCounter}`, 'user-agent': DESKTOP_UA, ...extra };
}

async function page(path: string, headers: Record<string, string>): Promise<{ status: number; html: string }> {
  const response = await fetch(server.url + path, { headers });
  return { status: response.status, html: await response.text() };
}

const searchPath = () => `/search?q=${encodeURIComponent(term)}`;

describe('the search page under the guest search rate', () => {
  it('a visitor gets two result pages, then a 429 page that says to wait, keeps the search box and offers the directory', async () => {
    const headers = visitor();
    for (let n = 0; n < BUDGET / SEARCHES_PER_PAGE; n++) {
      const results = await page(searchPath(), headers);
      expect(results.status).toBe(200);
      expect(results.html).toContain(candidateName);
    }
    const limited = await page(searchPath(), headers);
    expect(limited.status).toBe(429);
    expect(limited.html).toContain('Too many searches right now');
    expect(limited.html).toContain('Please wait a minute and search again');
    expect(limited.html).toContain('id="search-page-query"');
    expect(limited.html).toContain('href="/Regions"');
    expect(limited.html).not.toContain(candidateName);
    expect(limited.html).not.toMatch(/500 ERROR|Unexpected Server Error|at \S+\.(ts|js):\d+/);
  });

  it('another visitor is still served (the budget is per forwarded address)', async () => {
    const first = visitor();
    for (let n = 0; n <= BUDGET / SEARCHES_PER_PAGE; n++) await page(searchPath(), first);
    expect((await page(searchPath(), first)).status).toBe(429);
    const other = await page(searchPath(), visitor());
    expect(other.status).toBe(200);
    expect(other.html).toContain(candidateName);
  });

  it('the limited visitor still gets every directory page, which never searches', async () => {
    const headers = visitor();
    for (let n = 0; n <= BUDGET / SEARCHES_PER_PAGE; n++) await page(searchPath(), headers);
    expect((await page(searchPath(), headers)).status).toBe(429);
    for (const path of ['/', '/Regions', '/Districts', '/political-parties', '/eventCalendar', '/search']) {
      const directory = await page(path, headers);
      expect(directory.status, path).toBe(200);
    }
  });

  it('the message is in the visitor\'s language', async () => {
    for (const [language, text] of [['fr', 'Trop de recherches pour le moment'], ['sw', 'Utafutaji mwingi kwa sasa']] as const) {
      const headers = visitor({ cookie: `lang=${language}` });
      for (let n = 0; n < BUDGET / SEARCHES_PER_PAGE; n++) await page(searchPath(), headers);
      const limited = await page(searchPath(), headers);
      expect(limited.status).toBe(429);
      expect(limited.html).toContain(text);
    }
  });
});
