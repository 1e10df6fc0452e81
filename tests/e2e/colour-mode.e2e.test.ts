/**
 * Colour mode (seed §4, product §4): light / dark / system, kept in localStorage, applied before
 * first paint — an init script records <html>'s classes while the document is still parsing and at
 * DOMContentLoaded, before React hydrates — and no hydration warning in the console.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeBrowser, consoleProblems, formatConsole, newContext, open, waitForHydration, watchConsole, type ContextOptions } from './support/browser.ts';

interface Snapshot {
  when: string;
  dark: boolean;
  colorScheme: string;
  hydrated: boolean;
}

/** Runs before any page script on every navigation. */
function recordEarlyClasses(): void {
  const w = window as unknown as { __colourSnapshots: Snapshot[] };
  w.__colourSnapshots = [];
  const record = (when: string): void => {
    const root = document.documentElement;
    w.__colourSnapshots.push({
      when,
      dark: root.classList.contains('dark'),
      colorScheme: root.style.colorScheme,
      hydrated: !!document.body && Object.keys(document.body).some((key) => key.startsWith('__reactFiber')),
    });
  };
  const observer = new MutationObserver(() => {
    if (document.body) {
      record('body-inserted');
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') record('parsed');
  });
  document.addEventListener('DOMContentLoaded', () => record('DOMContentLoaded'));
}

const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(closeBrowser);

async function recordingContext(options: ContextOptions): Promise<BrowserContext> {
  const context = await newContext(options);
  await context.addInitScript(recordEarlyClasses);
  contexts.push(context);
  return context;
}

async function snapshots(page: Page): Promise<Snapshot[]> {
  return page.evaluate(() => (window as unknown as { __colourSnapshots: Snapshot[] }).__colourSnapshots);
}

const isDark = (page: Page): Promise<boolean> => page.evaluate(() => document.documentElement.classList.contains('dark'));
const stored = (page: Page): Promise<string | null> => page.evaluate(() => localStorage.getItem('color-mode'));
const modeButton = (page: Page, name: 'Light' | 'Dark' | 'System') => page.locator('header').getByRole('button', { name, exact: true });

/** Every early snapshot shows the expected mode, and at least one was taken before hydration. */
function expectNoFlash(list: Snapshot[], dark: boolean): void {
  expect(list.length, 'snapshots taken').toBeGreaterThanOrEqual(2);
  expect(list.some((snapshot) => !snapshot.hydrated), 'a snapshot before React hydrated').toBe(true);
  for (const snapshot of list) expect(snapshot, `at ${snapshot.when}`).toMatchObject({ dark, colorScheme: dark ? 'dark' : 'light' });
}

describe('colour mode', () => {
  it('dark chosen on a light system persists across a reload with no flash and no hydration warning', async () => {
    const context = await recordingContext({ colorScheme: 'light' });
    const page = await context.newPage();
    const log = watchConsole(page);
    await open(page, '/Regions');
    expectNoFlash(await snapshots(page), false);
    await modeButton(page, 'Dark').click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await stored(page)).toBe('dark');
    expect(await modeButton(page, 'Dark').getAttribute('aria-pressed')).toBe('true');

    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expectNoFlash(await snapshots(page), true);
    expect(await isDark(page)).toBe(true);
    expect(await modeButton(page, 'Dark').getAttribute('aria-pressed')).toBe('true');

    // Another page of the site, opened fresh, starts dark too.
    await open(page, '/political-parties');
    expectNoFlash(await snapshots(page), true);
    await page.waitForTimeout(200);
    expect(formatConsole(consoleProblems(log)), 'console errors or warnings (hydration mismatches show here)').toBe('');
  });

  it('light chosen on a dark system persists across a reload with no flash', async () => {
    const context = await recordingContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    const log = watchConsole(page);
    await open(page, '/');
    expectNoFlash(await snapshots(page), true);
    await modeButton(page, 'Light').click();
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await stored(page)).toBe('light');
    await page.reload({ waitUntil: 'load' });
    await waitForHydration(page);
    expectNoFlash(await snapshots(page), false);
    expect(formatConsole(consoleProblems(log))).toBe('');
  });

  it('system follows the operating system, live', async () => {
    const context = await recordingContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await open(page, '/');
    await modeButton(page, 'System').click();
    expect(await stored(page)).toBe('system');
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);
    await page.reload({ waitUntil: 'load' });
    expectNoFlash(await snapshots(page), false);
  });
});
