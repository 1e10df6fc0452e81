/**
 * Build update (seed §4): the server publishes its build id at /builds/latest.json and
 * /builds/meta/{id}.json; a page left open across a deploy reloads once onto the new build when
 * it needs a chunk of the old one, at most once per path per 10 s, and never loops.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markDocument, newContext, siteFetch, waitForHydration } from './support/browser.ts';
import { deriveNextBuild } from './support/next-build.ts';
import { startE2EServer, type E2EServer } from './support/server.ts';
import { REPO_ROOT } from './support/web-build.ts';

describe('build metadata', () => {
  it('/builds/latest.json answers with the running build id, uncached', async () => {
    const response = await siteFetch(`/builds/latest.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/no-store/);
    const body = (await response.json()) as { id?: unknown };
    expect(typeof body.id).toBe('string');
    expect(body.id).not.toBe('');
    // The same id is what the pages were built with (the root loader hands it to the client).
    const html = await (await siteFetch(`/`)).text();
    expect(html).toContain(String(body.id));
  });

  it('/builds/meta/{id}.json knows the running build and nothing else', async () => {
    const { id } = (await (await siteFetch(`/builds/latest.json`)).json()) as { id: string };
    const known = await siteFetch(`/builds/meta/${encodeURIComponent(id)}.json`);
    expect(known.status).toBe(200);
    expect(((await known.json()) as { id: string }).id).toBe(id);
    expect((await siteFetch(`/builds/meta/not-a-build.json`)).status).toBe(404);
  });
});

/** Every document the page's main frame loads (first load, reloads, full navigations), by path. */
function documentLoads(page: Page): string[] {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.push(new URL(request.url()).pathname);
  });
  return loads;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a new build deployed while a page is open', () => {
  const environment = { ...process.env };
  const nextBuildDir = join(REPO_ROOT, 'node_modules', '.cache', 'ballot-atlas-e2e', `next-build-${process.pid}`);
  let server: E2EServer | undefined;
  let context: BrowserContext | undefined;
  let page: Page;
  let loads: string[];
  let nextBuildId: string;

  beforeAll(async () => {
    // A server of our own: this test redeploys it, which the shared server must never see.
    server = await startE2EServer(() => {});
    context = await newContext();
    page = await context.newPage();
    loads = documentLoads(page);
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await server?.close();
    rmSync(nextBuildDir, { recursive: true, force: true });
    for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
    Object.assign(process.env, environment);
  });

  it('a navigation needing a chunk the deploy removed reloads the page once, onto the new build, and then navigates normally', async () => {
    const origin = server!.url;
    await page.goto(`${origin}/`);
    await waitForHydration(page);
    // The first build check runs 1 s after load: it finds the build the page came with.
    await sleep(1_500);
    const { id: currentBuildId } = (await (await fetch(`${origin}/builds/latest.json`)).json()) as { id: string };

    rmSync(nextBuildDir, { recursive: true, force: true });
    mkdirSync(join(nextBuildDir, '..'), { recursive: true });
    const buildDir = process.env['WEB_BUILD_DIR'];
    if (!buildDir) throw new Error('the server did not say which build it serves');
    nextBuildId = deriveNextBuild(buildDir, nextBuildDir, currentBuildId).buildId;
    const port = Number(new URL(origin).port);
    await server!.close();
    server = await startE2EServer(() => {}, {}, { port, webBuildDir: nextBuildDir });
    expect(((await (await fetch(`${origin}/builds/latest.json`)).json()) as { id: string }).id).toBe(nextBuildId);

    loads.length = 0;
    const reloaded = await markDocument(page);
    // The Regions page's code was never loaded by this page, and the new server no longer has it.
    await page.locator('header nav:visible').getByRole('link', { name: 'Regions' }).click();
    await expect.poll(() => loads.length, { timeout: 15_000 }).toBe(1);
    await reloaded();
    expect(await page.content(), 'the reloaded page runs the new build').toContain(nextBuildId);
    await sleep(3_000);
    expect(loads, 'one reload, no loop').toHaveLength(1);

    // On the new build, the same link is an ordinary client-side navigation.
    await page.locator('header nav:visible').getByRole('link', { name: 'Regions' }).click();
    await page.waitForURL((url) => url.pathname === '/Regions');
    await page.locator('main h1').waitFor();
    expect(loads, 'no document load for a working navigation').toHaveLength(1);
  }, 300_000);

  it('a code chunk that fails to load while a newer build is published reloads once per path per 10 s', async () => {
    const origin = server!.url;
    // A second deploy that went wrong: the server announces yet another build, and the search
    // suggestions' chunk (loaded on first focus of the search box) is missing.
    await page.route('**/builds/latest.json', (route) => route.fulfill({ json: { id: `${nextBuildId}-broken`, timestamp: Date.now() }, headers: { 'cache-control': 'no-store' } }));
    await page.route(/\/assets\/suggestions\.client-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto(`${origin}/Contact`);
    await waitForHydration(page);
    loads.length = 0;
    const search = page.getByRole('combobox', { name: 'Search the directory' });

    const focusSearch = async (): Promise<void> => {
      await page.locator('main h1').click();
      await search.focus();
    };
    const reloaded = await markDocument(page);
    await focusSearch();
    await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(1);
    const reloadedAt = Date.now();
    expect(loads[0]).toBe('/Contact');
    await reloaded();

    // The same failure again within 10 s: no second reload, however often it happens.
    await focusSearch();
    await sleep(1_500);
    await focusSearch();
    await sleep(1_500);
    expect(loads, 'throttled: one reload in 10 s').toHaveLength(1);

    // Once 10 s have passed since the reload, the next failure may reload again — once.
    await sleep(Math.max(0, reloadedAt + 10_500 - Date.now()));
    await focusSearch();
    await expect.poll(() => loads.length, { timeout: 10_000 }).toBe(2);
    await page.waitForLoadState('load');
    await sleep(2_000);
    expect(loads).toEqual(['/Contact', '/Contact']);
    await page.unrouteAll();
  }, 120_000);
});
