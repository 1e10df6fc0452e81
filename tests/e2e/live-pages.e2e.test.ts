/**
 * Issue 14 item 4, the site's half: pages follow editors' changes through the SDK's realtime
 * socket. A visitor keeps a page open in one browser context; an editor (the operator key) writes
 * through the API; the visitor's page shows the change without a reload. Everything changed is
 * restored and everything added deleted. E2E_SCREENSHOTS=dir saves a page right after an update.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPath, candidatePath, NATIONAL_LOCATION } from '../../apps/web/app/lib/urls.ts';
import { q, type ApiDocument } from './support/api.ts';
import { api, consoleProblems, formatConsole, freshContexts, open, watchConsole } from './support/browser.ts';

const contexts = freshContexts();
const LIVE_BOUND_MS = 1000;
const suffix = `${process.pid}-${Date.now().toString(36)}`;

/** Undo steps, run after each test even when it failed. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

interface LiveWatch {
  /** Resolves once the server confirmed a `subscribe` naming `channel`. */
  subscribed(channel: string): Promise<void>;
  /** Event frames the page's socket received. */
  events: { events: string[]; payload: Record<string, unknown>; receivedAt: number }[];
  sockets: number;
  /** React Router data requests (revalidations) made by the page. */
  dataRequests: string[];
}

/** Watches the page's realtime socket and its data requests; call before opening the page. */
function watchLive(page: Page): LiveWatch {
  const watch: LiveWatch = { subscribed: () => Promise.resolve(), events: [], sockets: 0, dataRequests: [] };
  const confirmed = new Set<string>();
  const waiters: { channel: string; resolve: () => void }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) watch.dataRequests.push(request.url());
  });
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/v1/realtime')) return;
    watch.sockets += 1;
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type: string; data?: Record<string, unknown> };
      if (frame.type === 'event' && frame.data) watch.events.push({ ...(frame.data as LiveWatch['events'][number]), receivedAt: Date.now() });
      if (frame.type === 'response' && frame.data?.['to'] === 'subscribe') {
        for (const entry of frame.data['subscriptions'] as { channels: string[] }[]) for (const channel of entry.channels) confirmed.add(channel);
        for (const waiter of waiters.splice(0)) {
          if (confirmed.has(waiter.channel)) waiter.resolve();
          else waiters.push(waiter);
        }
      }
    });
  });
  watch.subscribed = (channel) =>
    confirmed.has(channel) ? Promise.resolve() : new Promise<void>((resolve, reject) => {
      waiters.push({ channel, resolve });
      setTimeout(() => reject(new Error(`no subscription to ${channel} within 10 s`)), 10_000);
    });
  return watch;
}

const documents = (collection: string, id?: string) => `databases.main.collections.${collection}.documents${id ? `.${id}` : ''}`;

/** Milliseconds from `since` until `predicate` holds in the page (checked every animation frame). */
async function msUntil(page: Page, since: number, predicate: (texts: string[]) => boolean, texts: string[]): Promise<number> {
  await page.waitForFunction(predicate, texts, { polling: 'raf', timeout: 5_000 });
  return Date.now() - since;
}

/** When the page's socket received the event about `id` (for the log: socket vs. reload share of the time). */
function eventDelay(live: LiveWatch, id: string, since: number): string {
  const event = live.events.findLast((each) => each.payload['$id'] === id);
  return event ? `event on the socket after ${event.receivedAt - since} ms` : 'no event seen';
}

async function saveScreenshot(page: Page, name: string): Promise<void> {
  const directory = process.env['E2E_SCREENSHOTS'];
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

/** A seeded candidate of an electoral area, with a party (the lowest sequence that fits). */
async function areaCandidate(): Promise<ApiDocument> {
  // `notEqual ''` also leaves out nulls (SQL), so every one of these names a record.
  const found = await api().first('candidates', [q.notEqual('electoralAreaId', ''), q.notEqual('partyId', ''), q.notEqual('regionId', ''), q.orderAsc('$sequence')]);
  if (!found) throw new Error('no seeded candidate with an electoral area and a party');
  return found;
}

async function areaPagePath(candidate: ApiDocument): Promise<string> {
  const [area, region] = await Promise.all([api().get('electoral_areas', String(candidate['electoralAreaId'])), api().get('regions', String(candidate['regionId']))]);
  return buildPath('candidatesOfArea', { area: String(area!['slug']), region: String(region!['slug']) });
}

/** The page's count of live updates once no change has arrived for a while (tally-race may follow a write). */
async function settledUpdates(page: Page): Promise<number> {
  const read = async () => Number((await page.locator('[data-live-updates]').getAttribute('data-live-updates')) ?? '0');
  let last = await read();
  let stableSince = Date.now();
  while (Date.now() - stableSince < 1_500) {
    await page.waitForTimeout(100);
    const now = await read();
    if (now !== last) {
      last = now;
      stableSince = Date.now();
    }
  }
  return last;
}

describe('live pages', () => {
  it("a candidate's page shows a new status and vote count within a second, then a removal notice", async () => {
    const candidate = await areaCandidate();
    const before = { status: candidate['status'], votes: candidate['votes'], votePercent: candidate['votePercent'] };
    cleanups.push(() => api().update('candidates', candidate.$id, before));
    const page = await contexts.page();
    const problems = watchConsole(page);
    const live = watchLive(page);
    await open(page, candidatePath(candidate.$id, NATIONAL_LOCATION));
    await live.subscribed(documents('candidates', candidate.$id));
    const dataBefore = live.dataRequests.length;

    // The server's first candidate write after start-up reaches the socket late on a busy machine
    // (up to a second here, later writes 80–370 ms: cold paths on the server, among them the first
    // run of the tally-race trigger). Logged, not asserted: the bound is about the live page.
    await api().update('candidates', candidate.$id, { votes: 111_111 });
    const firstAt = Date.now();
    const firstShown = await msUntil(page, firstAt, ([text = '']) => Boolean(document.querySelector('main aside')?.textContent?.includes(text)), ['111,111 votes']);
    console.log(`candidate page: first write after start-up shown ${firstShown} ms after its response (${eventDelay(live, candidate.$id, firstAt)})`);
    await expect.poll(() => live.dataRequests.length - dataBefore).toBeGreaterThan(0);
    // tally-race follows the votes with the race's new shares: a second change to this candidate.
    const updatesAfterFirst = await settledUpdates(page);
    expect(updatesAfterFirst).toBeGreaterThanOrEqual(1);
    const dataAfterFirst = live.dataRequests.length;

    const status = before.status === 'withdrawn' ? 'disqualified' : 'withdrawn';
    const statusLabel = status === 'withdrawn' ? 'Withdrawn' : 'Disqualified';
    const votes = 987_654;
    await api().update('candidates', candidate.$id, { status, votes, votePercent: null });
    const written = Date.now();
    const elapsed = await msUntil(
      page,
      written,
      ([label = '', votes = '']) => Boolean(document.querySelector('main header')?.textContent?.includes(label) && document.querySelector('main aside')?.textContent?.includes(votes)),
      [statusLabel, '987,654 votes'],
    );
    console.log(`candidate page: status and votes shown ${elapsed} ms after the write's response (${eventDelay(live, candidate.$id, written)})`);
    expect(elapsed, 'status and votes on screen after the write').toBeLessThan(LIVE_BOUND_MS);
    const updatesAfterSecond = await settledUpdates(page);
    // The editor's write, then tally-race's shares: one reload each at most (one when they coalesce).
    expect(updatesAfterSecond - updatesAfterFirst).toBeGreaterThanOrEqual(1);
    expect(live.dataRequests.length - dataAfterFirst, 'a reload per change, none more').toBeGreaterThanOrEqual(1);
    expect(live.dataRequests.length - dataAfterFirst, 'a reload per change, none more').toBeLessThanOrEqual(2);
    expect(await page.getByRole('status').filter({ hasText: 'Updated just now' }).count()).toBe(1);
    expect(page.url(), 'no navigation').toContain(`/candidate/${candidate.$id}-from-`);
    await saveScreenshot(page, 'live-candidate-updated');

    // A deleted candidate: the open page keeps what it showed and says why it is stale.
    const copy = await api().create('candidates', `live-copy-${suffix}`.slice(0, 36), {
      ...Object.fromEntries(Object.entries(candidate).filter(([key]) => !key.startsWith('$'))),
      name: `Live Copy ${suffix}`,
      slug: `live-copy-${suffix}`,
    });
    cleanups.push(() => api().delete('candidates', copy.$id));
    const copyPage = await contexts.page();
    const copyLive = watchLive(copyPage);
    await open(copyPage, candidatePath(copy.$id, NATIONAL_LOCATION));
    await copyLive.subscribed(documents('candidates', copy.$id));
    await api().delete('candidates', copy.$id);
    await expect.poll(() => copyPage.getByRole('alert').textContent(), { timeout: 5_000 }).toContain('removed from the directory');
    expect(await copyPage.locator('h1').textContent()).toBe(`Live Copy ${suffix}`);
    await saveScreenshot(copyPage, 'live-candidate-removed');
    expect(formatConsole(consoleProblems(problems))).toBe('');
  });

  it('an electoral-area list shows an added candidate and loses it when deleted; an unrelated change costs no request', async () => {
    const shown = await areaCandidate();
    const page = await contexts.page();
    const live = watchLive(page);
    await open(page, await areaPagePath(shown));
    await live.subscribed(documents('candidates'));

    const name = `AAaron Live ${suffix}`;
    const fields = Object.fromEntries(Object.entries(shown).filter(([key]) => !key.startsWith('$')));
    const id = `live-add-${suffix}`.slice(0, 36);
    cleanups.push(() => api().delete('candidates', id));
    // Ballot number 1 and this name sort it first in its race, so the row is on page 1.
    await api().create('candidates', id, { ...fields, name, slug: `aaron-live-${suffix}`, ballotNumber: 1, photoFileId: null });
    const added = Date.now();
    const elapsed = await msUntil(page, added, ([text = '']) => Boolean(document.querySelector('main')?.textContent?.includes(text)), [name]);
    console.log(`area list: added candidate shown ${elapsed} ms after the write's response (${eventDelay(live, id, added)})`);
    expect(elapsed).toBeLessThan(LIVE_BOUND_MS);
    await saveScreenshot(page, 'live-area-added');

    await api().delete('candidates', id);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 5_000 }).not.toContain(name);

    // A candidate of another district: the server filters its event out (the page's subscription
    // names the area, its district's district-wide races and the rows shown), so the page neither
    // receives it nor refetches. A later write in the area shows the socket was listening.
    const other = await api().first('candidates', [q.notEqual('districtId', String(shown['districtId'])), q.orderAsc('$sequence')]);
    expect(other, 'a candidate of another district').not.toBeNull();
    cleanups.push(() => api().update('candidates', other!.$id, { votes: other!['votes'] }));
    const requestsBefore = live.dataRequests.length;
    await api().update('candidates', other!.$id, { votes: 4242 });
    await page.waitForTimeout(500);
    expect(live.dataRequests.slice(requestsBefore), 'refetches for an unrelated candidate').toEqual([]);
    cleanups.push(() => api().update('candidates', shown.$id, { occupation: shown['occupation'] }));
    const occupation = `Live marker ${suffix}`;
    await api().update('candidates', shown.$id, { occupation });
    await expect.poll(() => live.events.some((event) => event.payload['$id'] === shown.$id && event.payload['occupation'] === occupation), { timeout: 5_000 }).toBe(true);
    expect(live.events.filter((event) => event.payload['$id'] === other!.$id), 'the other district’s write on the page’s socket').toEqual([]);
    const inPlace = (payload: Record<string, unknown>) =>
      payload['electoralAreaId'] === shown['electoralAreaId'] || (!payload['electoralAreaId'] && payload['districtId'] === shown['districtId']);
    expect(live.events.filter((event) => !inPlace(event.payload)).map((event) => event.payload['$id']), 'events outside the area').toEqual([]);
    expect(live.sockets, 'one socket for the page').toBe(1);
  });

  it('a party page follows a rename', async () => {
    const party = (await api().list('parties', [q.orderAsc('$sequence'), q.limit(1)])).documents[0]!;
    cleanups.push(() => api().update('parties', party.$id, { name: party['name'] }));
    const page = await contexts.page();
    const live = watchLive(page);
    await open(page, buildPath('party', { party: party.$id }));
    await live.subscribed(documents('parties', party.$id));
    const renamed = `${String(party['name'])} (live ${suffix})`;
    await api().update('parties', party.$id, { name: renamed });
    const written = Date.now();
    const elapsed = await msUntil(page, written, ([text]) => document.querySelector('h1')?.textContent === text, [renamed]);
    console.log(`party page: rename shown ${elapsed} ms after the write's response (${eventDelay(live, party.$id, written)})`);
    expect(elapsed).toBeLessThan(LIVE_BOUND_MS);

    // On the same socket, the candidates subscription carries a party filter: another party's
    // candidate is not sent, this party's is.
    const [member, outsider] = await Promise.all([
      api().first('candidates', [q.equal('partyId', party.$id), q.orderAsc('$sequence')]),
      api().first('candidates', [q.notEqual('partyId', party.$id), q.notEqual('partyId', ''), q.orderAsc('$sequence')]),
    ]);
    if (!member || !outsider) throw new Error('the demo data lacks a candidate of this party or of another');
    for (const candidate of [member, outsider]) cleanups.push(() => api().update('candidates', candidate.$id, { occupation: candidate['occupation'] }));
    const occupation = `Live marker ${suffix}`;
    await api().update('candidates', outsider.$id, { occupation });
    await api().update('candidates', member.$id, { occupation });
    await expect.poll(() => live.events.some((event) => event.payload['$id'] === member.$id && event.payload['occupation'] === occupation), { timeout: 5_000 }).toBe(true);
    expect(live.events.filter((event) => event.payload['$id'] === outsider.$id), 'another party’s candidate on the page’s socket').toEqual([]);
    expect(live.sockets, 'one socket for the page').toBe(1);
  });

  it('the calendar shows a new event', async () => {
    const page = await contexts.page();
    const live = watchLive(page);
    await open(page, '/eventCalendar?view=list');
    await live.subscribed(documents('events'));
    const id = `live-event-${suffix}`.slice(0, 36);
    const title = `Live briefing ${suffix}`;
    cleanups.push(() => api().delete('events', id));
    await api().create('events', id, { title, kind: 'other', start: new Date(Date.now() + 3 * 86_400_000).toISOString(), allDay: false });
    const written = Date.now();
    const elapsed = await msUntil(page, written, ([text = '']) => Boolean(document.querySelector('main')?.textContent?.includes(text)), [title]);
    console.log(`calendar: new event shown ${elapsed} ms after the write's response (${eventDelay(live, id, written)})`);
    expect(elapsed).toBeLessThan(LIVE_BOUND_MS);
    await api().delete('events', id);
    await expect.poll(() => page.locator('main').textContent(), { timeout: 5_000 }).not.toContain(title);
  });

  it('without JavaScript a candidate page renders the same data, with no socket', async () => {
    const candidate = await areaCandidate();
    const page = await contexts.page({ javaScript: false });
    const live = watchLive(page);
    await open(page, candidatePath(candidate.$id, NATIONAL_LOCATION), { hydrate: false });
    expect(await page.locator('h1').textContent()).toBe(String(candidate['name']));
    const labels: Record<string, string> = { nominated: 'Nominated', withdrawn: 'Withdrawn', disqualified: 'Disqualified', elected: 'Elected', not_elected: 'Not elected' };
    expect(await page.locator('main header').textContent()).toContain(labels[String(candidate['status'])]);
    await page.waitForTimeout(300);
    expect(live.sockets).toBe(0);
  });
});
