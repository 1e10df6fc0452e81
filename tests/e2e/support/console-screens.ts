/**
 * The console's look checks, shared by its e2e tests: each page in light and dark mode at 1280 px
 * (axe) and 320 px (nothing wider than the screen), with no console errors; E2E_SCREENSHOTS=dir
 * also saves every view.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { horizontalOverflow } from './account.ts';
import { formatFindings, seriousViolations } from './axe.ts';
import { baseUrl, consoleProblems, formatConsole, open, watchConsole, type ContextOptions, type freshContexts } from './browser.ts';
import { sessionCookieOf } from './teams.ts';

/** A browser context signed in as `email` (its session cookie set directly), optionally in another language or without JavaScript. */
export async function signedInContext(contexts: ReturnType<typeof freshContexts>, email: string, options: ContextOptions & { language?: string } = {}): Promise<BrowserContext> {
  const context = await contexts.context(options);
  const [name, ...value] = (await sessionCookieOf(email)).split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl() }, ...(options.language ? [{ name: 'lang', value: options.language, url: baseUrl() }] : [])]);
  return context;
}

/** Checks the page as it is now: overflow at 320 px, axe at 1280 px; saves it as `name`.png. */
export type CheckView = (label: string, name: string, options?: { fullPage?: boolean }) => Promise<void>;

export interface ConsoleScreens {
  /** A browser context signed in as the editor, with these options. */
  context(options: ContextOptions): Promise<BrowserContext>;
  paths: readonly string[];
  /** The screenshot's name for a path (without width, mode and extension). */
  name(path: string): string;
  /** What to do on each page once it is open, before it is checked (open a form…). */
  prepare?(page: Page, path: string): Promise<void>;
  /** More views to check after the paths, with the same page. */
  more?(page: Page, check: CheckView): Promise<void>;
}

/** Saves the page as `name`.png when E2E_SCREENSHOTS names a folder. */
export async function saveScreenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const directory = process.env['E2E_SCREENSHOTS'];
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage });
}

/** Runs the checks; the axe findings, empty when there are none. */
export async function checkConsoleScreens(screens: ConsoleScreens): Promise<string> {
  const reports: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    for (const width of [1280, 320]) {
      const page = await (await screens.context({ colorScheme: mode, colourMode: mode, viewport: { width, height: 900 } })).newPage();
      const problems = watchConsole(page);
      const check: CheckView = async (label, name, options = { fullPage: true }) => {
        if (width === 320) expect(await horizontalOverflow(page), `${label} at 320 px (${mode})`).toBe('');
        else reports.push(formatFindings(`${label} (${mode})`, await seriousViolations(page)));
        await saveScreenshot(page, `${name}-${width}-${mode}`, options.fullPage ?? false);
      };
      for (const path of screens.paths) {
        expect(await open(page, path), path).toBe(200);
        await screens.prepare?.(page, path);
        await check(path, screens.name(path));
      }
      await screens.more?.(page, check);
      expect(formatConsole(consoleProblems(problems))).toBe('');
    }
  }
  return reports.filter(Boolean).join('\n\n');
}
