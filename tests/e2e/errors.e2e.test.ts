/**
 * The two 404 kinds of seed §2, with real status codes: an unmatched path keeps the layout with
 * "Page not found: {path}"; a route whose parameters do not resolve shows the error page (title
 * "Ballot Atlas - Problem", "404 ERROR", the 4xx sentence, a Go Home link) — except to bots,
 * which get the status with no error page.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, siteFetch, consoleProblems, formatConsole, open, watchConsole, fileContext } from './support/browser.ts';

const CLIENT_SENTENCE = "It looks like the issue is on your end. We couldn't find the page you're looking for.";
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const context = fileContext();

describe('unmatched path: non-fatal 404 inside the layout', () => {
  it('/this/does-not-exist answers 404 with "Page not found: /this/does-not-exist" and the normal header and footer', async () => {
    const page = await context().newPage();
    const log = watchConsole(page);
    const status = await open(page, '/this/does-not-exist');
    expect(status).toBe(404);
    await expect.poll(() => page.locator('main').innerText()).toContain('Page not found: /this/does-not-exist');
    expect(await page.locator('header nav a[href="/Regions"]').count(), 'the site header with its navigation').toBeGreaterThan(0);
    expect(await page.locator('footer a[href="/Contact"]').count(), 'the site footer').toBeGreaterThan(0);
    expect(await page.getByText('404 ERROR').count(), 'not the error page').toBe(0);
    expect(formatConsole(consoleProblems(log))).toBe('');
    await page.close();
  });

  it('the raw response is a 404 with the message server-rendered', async () => {
    const response = await siteFetch(`/this/does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found: /this/does-not-exist');
  });
});

describe('unresolvable route: fatal 404 error page', () => {
  it('/nowhere-region shows "404 ERROR", the 4xx sentence, a Go Home link, and the title "Ballot Atlas - Problem"', async () => {
    const page = await context().newPage();
    const log = watchConsole(page);
    const status = await open(page, '/nowhere-region');
    expect(status).toBe(404);
    expect(await page.title()).toBe('Ballot Atlas - Problem');
    await expect.poll(() => page.locator('h1').first().innerText()).toBe('404 ERROR');
    expect(await page.locator('main').innerText()).toContain(CLIENT_SENTENCE);
    expect(await page.locator('main').innerText()).toContain('Page Not Found: /nowhere-region');
    const goHome = page.getByRole('link', { name: 'Go Home' });
    expect(await goHome.getAttribute('href')).toBe('/');
    await goHome.click();
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.title(), { message: 'the home page replaces the error title' }).not.toContain('Problem');
    // A fatal error is logged to the console (seed §8); nothing else should be.
    const unexpected = consoleProblems(log).filter((entry) => !/404|Page Not Found/i.test(entry.text));
    expect(formatConsole(unexpected)).toBe('');
    await page.close();
  });

  it('a malformed candidate path is the same fatal 404', async () => {
    const response = await siteFetch(`/candidate/no-such-candidate-from-nowhere`);
    expect(response.status).toBe(404);
    // React separates the status and " ERROR" with an empty comment in server HTML.
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('404 ERROR');
    expect(html).toContain('<title>Ballot Atlas - Problem</title>');
  });

  it('a bot (Googlebot) gets the 404 status with no error page body', async () => {
    const response = await siteFetch(`/nowhere-region`, { headers: { 'User-Agent': GOOGLEBOT } });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain('404 ERROR');
    expect(body).not.toContain("It looks like the issue is on your end");
    expect(body).not.toContain('Go Home');
  });
});
