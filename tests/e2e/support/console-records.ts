/**
 * The record pages of the editors' console in the end-to-end suite: pictures to upload (one big
 * enough for the SDK to send in chunks), the relation pickers driven as a keyboard user would,
 * the progress an upload reports, and the ordinary 404 a non-editor must get.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { siteFetch } from './browser.ts';

/** A PNG over the SDK's 5 MB chunk size (noise does not compress), so its upload comes in chunks. */
export async function chunkedPng(): Promise<Buffer> {
  const side = 1400;
  const noise = Buffer.alloc(side * side * 3);
  let seed = 42;
  for (let index = 0; index < noise.length; index++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[index] = seed >> 23;
  }
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  if (png.length <= 5 * 1024 * 1024) throw new Error(`the test PNG is only ${png.length} bytes`);
  return png;
}

/** A small portrait JPEG of one colour. */
export function portraitJpeg(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 500, channels: 3, background: colour } }).jpeg().toBuffer();
}

/** Starts recording every value the page's upload progress bar shows (read with progressValues). */
export async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    const note = () => {
      const bar = document.querySelector('progress');
      const value = bar ? Number(bar.getAttribute('value')) : NaN;
      if (bar && seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
  });
}

export function progressValues(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { progressSeen?: number[] }).progressSeen ?? []);
}

/** Types into a relation picker (a combobox) and chooses the suggestion `option` (default: the first) with the keyboard. */
export async function pickRelation(page: Page, label: string, text: string, option?: string | RegExp): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  const listbox = page.locator(`#${await box.getAttribute('aria-controls')}`);
  const options = listbox.getByRole('option');
  await options.first().waitFor();
  const wanted = option === undefined ? 0 : await options.evaluateAll((items, name) => items.findIndex((item) => (typeof name === 'string' ? item.textContent === name : new RegExp(name).test(item.textContent ?? ''))), option instanceof RegExp ? option.source : option);
  if (wanted < 0) throw new Error(`no suggestion ${String(option)} for "${text}" in ${label}`);
  for (let step = 0; step <= wanted; step++) await box.press('ArrowDown');
  await box.press('Enter');
  await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
}

/** The ordinary non-fatal 404 of a path nothing serves: its status, page heading and headers. */
export async function ordinary404(path: string, cookie?: string): Promise<{ status: number; heading: string; headers: Record<string, string | null> }> {
  const response = await siteFetch(path, cookie ? { headers: { cookie } } : {});
  const html = await response.text();
  const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '') ?? '';
  const headers = Object.fromEntries(['cache-control', 'x-robots-tag', 'referrer-policy', 'content-type'].map((name) => [name, response.headers.get(name)]));
  return { status: response.status, heading, headers };
}
