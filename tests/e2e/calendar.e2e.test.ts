/**
 * Calendar downloads (product §3): one event's .ics, downloaded from the page the way a visitor
 * does, and the whole-calendar feed both parse with a real iCalendar parser (ical.js) and match
 * the events in the API.
 */
import ICAL from 'ical.js';
import type { Download } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { q } from './support/api.ts';
import { api, open, siteFetch, fileContext } from './support/browser.ts';

const context = fileContext();

interface ParsedCalendar {
  version: string;
  prodId: string;
  events: { uid: string; summary: string; start: Date }[];
}

function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return {
    version: String(calendar.getFirstPropertyValue('version') ?? ''),
    prodId: String(calendar.getFirstPropertyValue('prodid') ?? ''),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return { uid: event.uid, summary: event.summary, start: event.startDate.toJSDate() };
    }),
  };
}

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function eventTitles(): Promise<string[]> {
  return (await api().list('events', [q.limit(500)])).documents.map((event) => String(event['title']));
}

describe('calendar .ics', () => {
  it("one event's .ics downloads from the calendar page and parses", async () => {
    const page = await context().newPage();
    await open(page, '/eventCalendar');
    const feedPath = '/eventCalendar.ics';
    const links = await page.locator('main a[href$=".ics"]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    const perEvent = links.filter((href) => new URL(href, 'http://x').pathname !== feedPath);
    expect(perEvent.length, `per-event .ics links on the page (found ${JSON.stringify(links.slice(0, 5))})`).toBeGreaterThan(0);
    const link = page.locator(`main a[href="${perEvent[0]}"]`).first();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const calendar = parseCalendar(await readDownload(download));
    expect(calendar.version).toBe('2.0');
    expect(calendar.prodId).not.toBe('');
    expect(calendar.events).toHaveLength(1);
    const [event] = calendar.events;
    expect(await eventTitles()).toContain(event!.summary);
    expect(Number.isNaN(event!.start.getTime())).toBe(false);
    expect(event!.uid).not.toBe('');
    await page.close();
  });

  it('the whole-calendar feed parses and holds every event once', async () => {
    const response = await siteFetch(`/eventCalendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    const calendar = parseCalendar(await response.text());
    const titles = await eventTitles();
    expect(calendar.events).toHaveLength(titles.length);
    expect(new Set(calendar.events.map((event) => event.uid)).size, 'unique UIDs').toBe(calendar.events.length);
    expect(calendar.events.map((event) => event.summary).sort()).toEqual([...titles].sort());
  });
});
