/**
 * Issue 14 item 4, results night: a visitor keeps a race's results view open; an editor enters
 * votes in the console's results entry in another browser context; the visitor's bars follow
 * within a second and reorder (the last candidate overtakes the leader and takes the winner mark),
 * and tally-race brings every share of the race in line. Without JavaScript the view shows the
 * same figures. Axe finds nothing serious (light and dark). The view's socket is sent its race's
 * writes only (subscription queries): a count in another race reaches an unfiltered socket, not it
 * (issue 16's capacity finding). The votes changed are restored.
 * E2E_SCREENSHOTS=dir saves the view (desktop, phone, dark) and the console entry.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPath } from '../../apps/web/app/lib/urls.ts';
import { q, type ApiDocument } from './support/api.ts';
import { formatFindings, seriousViolations } from './support/axe.ts';
import { api, consoleProblems, formatConsole, freshContexts, open, siteFetch, watchConsole } from './support/browser.ts';
import { openChannelSocket } from './support/channel-socket.ts';
import { saveScreenshot, signedInContext } from './support/console-screens.ts';
import { CONSOLE, createMember } from './support/teams.ts';
import { uniqueEmail } from './support/account.ts';

const contexts = freshContexts();
const LIVE_BOUND_MS = 1000;
const CANDIDATES_CHANNEL = 'databases.main.collections.candidates.documents';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

interface Race {
  election: ApiDocument;
  office: ApiDocument;
  district: ApiDocument;
  /** Most votes first. */
  candidates: ApiDocument[];
}

/**
 * The first district race (by candidate `$sequence`) of the concluded election with three or more
 * counted candidates (the demo's concluded election has national, regional and district races).
 */
async function countedDistrictRace(): Promise<Race> {
  const election = await api().first('elections', [q.equal('status', 'concluded'), q.orderDesc('date')]);
  const office = await api().first('offices', [q.equal('level', 'district'), q.orderAsc('order')]);
  if (!election || !office) throw new Error('the demo data lacks a concluded election or a district office');
  const { documents } = await api().list('candidates', [q.equal('electionId', election.$id), q.equal('officeId', office.$id), q.orderAsc('$sequence'), q.limit(200)]);
  const byDistrict = new Map<string, ApiDocument[]>();
  for (const candidate of documents) byDistrict.set(String(candidate['districtId']), [...(byDistrict.get(String(candidate['districtId'])) ?? []), candidate]);
  const [districtId, candidates] = [...byDistrict].find(([, list]) => list.length >= 3 && list.every((each) => typeof each['votes'] === 'number')) ?? [];
  if (!districtId || !candidates) throw new Error('no counted district race with three candidates');
  const district = await api().get('districts', districtId);
  const { documents: all } = await api().list('candidates', [q.equal('electionId', election.$id), q.equal('officeId', office.$id), q.equal('districtId', districtId), q.limit(100)]);
  all.sort((a, b) => Number(b['votes']) - Number(a['votes']));
  return { election, office, district: district!, candidates: all };
}

/** The candidate ids in the order the results list shows them, and which carry the winner mark. */
function shown(page: Page): Promise<{ order: string[]; winners: string[]; figures: string[] }> {
  return page.evaluate(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="results-list"] > li')];
    return {
      order: rows.map((row) => row.dataset['candidate'] ?? ''),
      winners: rows.filter((row) => row.querySelector('[data-testid="winner-mark"]')).map((row) => row.dataset['candidate'] ?? ''),
      figures: rows.map((row) => row.querySelector('[data-testid="figures"]')?.textContent ?? ''),
    };
  });
}

interface SocketWatch {
  /** Resolves once the socket confirmed a subscription to the channel. */
  subscribed: Promise<void>;
  /** The event frames received: their payloads and when they arrived. */
  events: { payload: Record<string, unknown>; receivedAt: number }[];
}

/** Watches the page's realtime socket; call before opening the page. */
function watchSocket(page: Page, channel: string): SocketWatch {
  const events: SocketWatch['events'] = [];
  const subscribed = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription to ${channel} within 10 s`)), 10_000);
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; data?: { to?: string; subscriptions?: { channels: string[] }[]; payload?: Record<string, unknown> } };
        if (frame.type === 'event' && frame.data?.payload) events.push({ payload: frame.data.payload, receivedAt: Date.now() });
        if (frame.type === 'response' && frame.data?.to === 'subscribe' && frame.data.subscriptions?.some((entry) => entry.channels.includes(channel))) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
  return { subscribed, events };
}

async function votePercents(ids: string[]): Promise<unknown[]> {
  return Promise.all(ids.map(async (id) => (await api().get('candidates', id))?.['votePercent']));
}

describe('live results', () => {
  it('bars follow the votes an editor enters, reorder and move the winner mark; without JavaScript the figures are the same', async () => {
    const race = await countedDistrictRace();
    const path = buildPath('results', { election: String(race.election['slug']), office: String(race.office['slug']), place: String(race.district['slug']) });
    const leader = race.candidates[0]!;
    const trailer = race.candidates.at(-1)!;
    const original = Object.fromEntries(race.candidates.map((candidate) => [candidate.$id, { votes: candidate['votes'], votePercent: candidate['votePercent'] }]));
    cleanups.push(async () => {
      for (const candidate of [trailer, leader]) await api().update('candidates', candidate.$id, { votes: original[candidate.$id]!.votes });
      // tally-race puts the shares back from the restored votes.
      await expect.poll(() => votePercents(race.candidates.map((c) => c.$id)), { timeout: 15_000 }).toEqual(race.candidates.map((c) => original[c.$id]!.votePercent));
    });

    // The district's candidates page for that election links to the race's results.
    const districtPage = `${buildPath('districtCandidates', { office: String(race.office['slug']), district: String(race.district['slug']) })}?election=${race.election['slug']}`;
    expect(await (await siteFetch(districtPage)).text()).toContain(`href="${path}"`);

    const visitor = await contexts.page();
    const problems = watchConsole(visitor);
    const socket = watchSocket(visitor, CANDIDATES_CHANNEL);
    expect(await open(visitor, path)).toBe(200);
    await socket.subscribed;
    const before = await shown(visitor);
    expect(before.order).toEqual(race.candidates.map((candidate) => candidate.$id));
    expect(before.winners).toEqual([leader.$id]);
    await saveScreenshot(visitor, 'results-desktop');

    // The editor, in another context, enters the trailing candidate's new count in the console.
    const email = uniqueEmail('results-editor');
    await createMember({ email, name: 'Rehema Results' }, 'editor');
    const editor = await (await signedInContext(contexts, email)).newPage();
    const editorProblems = watchConsole(editor);
    expect(await open(editor, `${CONSOLE}/results?election=${race.election['slug']}&office=${race.office['slug']}&place=${encodeURIComponent(String(race.district['slug']))}`)).toBe(200);
    const newVotes = Number(leader['votes']) + 1_000;
    await editor.getByLabel(String(trailer['name']), { exact: true }).fill(String(newVotes));
    await editor.getByLabel('Source (required)').fill('Returning officer, results sheet 42');
    await saveScreenshot(editor, 'results-entry');
    const clicked = Date.now();
    await editor.getByRole('button', { name: 'Save votes' }).click();
    await visitor.waitForFunction((id) => document.querySelector('[data-testid="results-list"] > li')?.getAttribute('data-candidate') === id, trailer.$id, { polling: 'raf', timeout: 5_000 });
    const reordered = Date.now();
    await editor.getByText('1 count saved.').waitFor();
    const saved = Date.now() - clicked;
    // From the write's commit (the $updatedAt its event carries; the server runs in this process, same clock) to the visitor's screen.
    const event = socket.events.find(({ payload }) => payload['$id'] === trailer.$id && payload['votes'] === newVotes);
    const written = Date.parse(String(event?.payload['$updatedAt']));
    const elapsed = reordered - written;
    console.log(
      `results view: reordered ${elapsed} ms after the votes were written (event on the socket after ${event ? event.receivedAt - written : '?'} ms; ` +
        `${reordered - clicked} ms after Save was pressed; the save's answer came after ${saved} ms)`,
    );
    const delays = [elapsed];

    const after = await shown(visitor);
    expect(after.order[0]).toBe(trailer.$id);
    expect(after.order[1]).toBe(leader.$id);
    expect(after.winners).toEqual([trailer.$id]);
    expect(after.figures[0]).toContain(newVotes.toLocaleString('en-GB'));
    await expect.poll(() => visitor.getByTestId('leader-announcement').textContent()).toBe(`${trailer['name']} now leads.`);

    // Two more changes through the API (the leader back ahead, then behind again): on a machine
    // shared with other jobs one delay can spike, so the bound holds for the median of three.
    for (const [id, votes] of [[leader.$id, newVotes + 500], [leader.$id, Number(leader['votes'])]] as const) {
      const first = votes > newVotes ? leader.$id : trailer.$id;
      const seen = socket.events.length;
      await api().update('candidates', id, { votes });
      await visitor.waitForFunction((expected) => document.querySelector('[data-testid="results-list"] > li')?.getAttribute('data-candidate') === expected, first, { polling: 'raf', timeout: 5_000 });
      const shownAt = Date.now();
      const written = socket.events.slice(seen).find(({ payload }) => payload['$id'] === id && payload['votes'] === votes);
      delays.push(shownAt - Date.parse(String(written?.payload['$updatedAt'])));
    }
    const median = [...delays].sort((a, b) => a - b)[1]!;
    console.log(`results view: reordered ${delays.join(', ')} ms after each write (median ${median} ms)`);
    expect(median, 'reordered on the visitor screen after the write (median of three)').toBeLessThan(LIVE_BOUND_MS);

    // tally-race gives every candidate of the race its new share.
    const cast = race.candidates.reduce((sum, candidate) => sum + (candidate.$id === trailer.$id ? newVotes : Number(candidate['votes'])), 0);
    const share = (votes: number) => Math.round((votes * 10_000) / cast) / 100;
    await expect
      .poll(() => votePercents(race.candidates.map((c) => c.$id)), { timeout: 15_000 })
      .toEqual(race.candidates.map((c) => share(c.$id === trailer.$id ? newVotes : Number(c['votes']))));

    // The same figures, server-rendered, without JavaScript.
    const plain = await (await contexts.context({ javaScript: false })).newPage();
    expect(await open(plain, path, { hydrate: false })).toBe(200);
    const live = await shown(visitor);
    expect(await shown(plain)).toEqual(live);
    expect(await visitor.getByTestId('votes-cast').textContent()).toBe(await plain.getByTestId('votes-cast').textContent());

    // Accessible in light and dark; screenshots of the phone and dark views.
    const reports = [formatFindings('results view (light)', await seriousViolations(visitor))];
    const dark = await contexts.page({ colorScheme: 'dark', colourMode: 'dark' });
    await open(dark, path);
    reports.push(formatFindings('results view (dark)', await seriousViolations(dark)));
    await saveScreenshot(dark, 'results-dark');
    reports.push(formatFindings('results entry', await seriousViolations(editor)));
    expect(reports.filter(Boolean).join('\n\n')).toBe('');
    const phone = await contexts.page({ viewport: { width: 360, height: 780 } });
    await open(phone, path);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(phone, 'results-phone');
    await visitor.emulateMedia({ media: 'print' });
    await saveScreenshot(visitor, 'results-print');
    expect(consoleProblems([...problems, ...editorProblems]), formatConsole([...problems, ...editorProblems])).toEqual([]);
  });

  it("the server sends the view's socket the writes of its race only: another race's count reaches an unfiltered socket, not the view", async () => {
    const race = await countedDistrictRace();
    const path = buildPath('results', { election: String(race.election['slug']), office: String(race.office['slug']), place: String(race.district['slug']) });
    // Another district's race of the same election and office: the writes a view used to receive and drop.
    const other = await api().first('candidates', [
      q.equal('electionId', race.election.$id),
      q.equal('officeId', race.office.$id),
      q.notEqual('districtId', race.district.$id),
      q.orderAsc('$sequence'),
    ]);
    if (!other) throw new Error('no candidate in another race of the election');
    const { documents: otherRace } = await api().list('candidates', [
      q.equal('electionId', race.election.$id),
      q.equal('officeId', race.office.$id),
      q.equal('districtId', String(other['districtId'])),
      q.limit(100),
    ]);
    const marker = race.candidates[0]!;
    cleanups.push(async () => {
      await api().update('candidates', marker.$id, { occupation: marker['occupation'] });
      await api().update('candidates', other.$id, { votes: other['votes'] });
      await expect.poll(() => votePercents(otherRace.map((c) => c.$id)), { timeout: 15_000 }).toEqual(otherRace.map((c) => c['votePercent']));
    });
    const unfiltered = await openChannelSocket(CANDIDATES_CHANNEL);
    cleanups.push(async () => unfiltered.close());

    const visitor = await contexts.page();
    const socket = watchSocket(visitor, CANDIDATES_CHANNEL);
    expect(await open(visitor, path)).toBe(200);
    await socket.subscribed;

    // A count in the other race, and tally-race's new shares for that race.
    const newVotes = Number(other['votes'] ?? 0) + 1_000;
    await api().update('candidates', other.$id, { votes: newVotes });
    await expect.poll(() => unfiltered.payloads.some((payload) => payload['$id'] === other.$id && payload['votes'] === newVotes), { timeout: 5_000 }).toBe(true);
    const cast = otherRace.reduce((sum, candidate) => sum + (candidate.$id === other.$id ? newVotes : Number(candidate['votes'] ?? 0)), 0);
    const share = (votes: unknown) => (votes === null || votes === undefined ? null : Math.round((Number(votes) * 10_000) / cast) / 100);
    await expect
      .poll(() => votePercents(otherRace.map((c) => c.$id)), { timeout: 15_000 })
      .toEqual(otherRace.map((c) => (c.$id === other.$id ? share(newVotes) : share(c['votes']))));

    // Then a write in the view's race: it arrives, and nothing of the other race came before it.
    const occupation = `Live marker ${Date.now().toString(36)}`;
    await api().update('candidates', marker.$id, { occupation });
    await expect.poll(() => socket.events.some(({ payload }) => payload['$id'] === marker.$id && payload['occupation'] === occupation), { timeout: 5_000 }).toBe(true);
    const otherIds = new Set(otherRace.map((candidate) => candidate.$id));
    const fromOtherRace = unfiltered.payloads.filter((payload) => otherIds.has(String(payload['$id']))).length;
    console.log(`results view: ${unfiltered.payloads.length} candidate frames on an unfiltered socket (${fromOtherRace} of the other race), ${socket.events.length} on the view's`);
    expect(fromOtherRace).toBeGreaterThan(0);
    expect(socket.events.filter(({ payload }) => otherIds.has(String(payload['$id']))), "the other race's writes on the view's socket").toEqual([]);
    const inRace = (payload: Record<string, unknown>) => payload['electionId'] === race.election.$id && payload['officeId'] === race.office.$id && payload['districtId'] === race.district.$id;
    expect(socket.events.filter(({ payload }) => !inRace(payload)).map(({ payload }) => payload['$id'])).toEqual([]);
  });

  it('without JavaScript, the results entry reports a bad count beside its row, keeps it, and saves the other rows', async () => {
    const race = await countedDistrictRace();
    const [first, second] = race.candidates;
    const original = { first: first!['votes'], second: second!['votes'] };
    cleanups.push(async () => {
      await api().update('candidates', first!.$id, { votes: original.first });
      await api().update('candidates', second!.$id, { votes: original.second });
      await expect.poll(() => votePercents(race.candidates.map((c) => c.$id)), { timeout: 15_000 }).toEqual(race.candidates.map((c) => c['votePercent']));
    });
    const email = uniqueEmail('results-nojs');
    await createMember({ email, name: 'Juma Bila-Script' }, 'editor');
    const page = await (await signedInContext(contexts, email, { javaScript: false })).newPage();
    const entry = `${CONSOLE}/results?election=${race.election['slug']}&office=${race.office['slug']}&place=${encodeURIComponent(String(race.district['slug']))}`;
    expect(await open(page, entry, { hydrate: false })).toBe(200);
    await page.getByLabel(String(first!['name']), { exact: true }).fill('12x');
    await page.getByLabel(String(second!['name']), { exact: true }).fill(String(Number(original.second) + 7));
    await page.getByLabel('Source (required)').fill('Tally centre bulletin');
    await page.getByRole('button', { name: 'Save votes' }).click();
    await page.getByText('Enter a whole number of votes (0 or more), or leave it empty.').waitFor();
    expect(await page.getByLabel(String(first!['name']), { exact: true }).inputValue()).toBe('12x');
    // The valid row was saved; the invalid one was not written.
    expect((await api().get('candidates', second!.$id))?.['votes']).toBe(Number(original.second) + 7);
    expect((await api().get('candidates', first!.$id))?.['votes']).toBe(original.first);
    await page.getByLabel(String(first!['name']), { exact: true }).fill(String(Number(original.first) + 3));
    await page.getByLabel('Source (required)').fill('Tally centre bulletin');
    await page.getByRole('button', { name: 'Save votes' }).click();
    await page.getByText('1 count saved.').waitFor();
    expect((await api().get('candidates', first!.$id))?.['votes']).toBe(Number(original.first) + 3);
  });
});
