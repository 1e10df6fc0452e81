import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { EventSummary } from './events.server';
import { buildIcs, icsFilename, icsResponse } from './ics.server';

function event(id: string, fields: Partial<EventSummary>): EventSummary {
  return {
    $id: id,
    $createdAt: '2026-08-01T10:00:00.000+00:00',
    $updatedAt: '2026-08-02T11:30:00.000+00:00',
    title: `Event ${id}`,
    description: '',
    start: '2027-03-04T00:00:00.000+00:00',
    end: null,
    allDay: false,
    location: '',
    kind: 'other',
    regionId: '',
    partyId: '',
    url: null,
    ...fields,
  } as EventSummary;
}

const events = [
  event('ev01', { title: 'Polling day', start: '2027-03-04T00:00:00.000+00:00', allDay: true, kind: 'polling', location: 'All polling stations' }),
  event('ev02', { title: 'Registration drive', start: '2026-09-07T00:00:00.000+00:00', end: '2026-09-11T00:00:00.000+00:00', allDay: true, kind: 'registration' }),
  event('ev03', {
    title: 'Debate: economy, health; education',
    description: 'Line one\nLine two, with a comma; and a semicolon. Amélie N\u2019Diaye — Ng\u2019ambo. '.repeat(3),
    start: '2027-02-25T19:00:00.000+00:00',
    end: '2027-02-25T21:00:00.000+00:00',
    kind: 'debate',
    location: "National Theatre, Ng'ambo",
    url: 'https://elections.example.org/calendar/ev03',
  }),
  event('ev04', { title: 'Provisional results', start: '2027-03-05T12:00:00.000+00:00' }),
];

const options = {
  siteUrl: 'https://atlas.example.org',
  siteName: 'Ballot Atlas',
  calendarName: 'Ballot Atlas – election calendar',
  fallbackUrl: (item: EventSummary) => `https://atlas.example.org/eventCalendar#event-${item.$id}`,
};

function parse(text: string): Map<string, ICAL.Event> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const parsed = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return new Map(parsed.map((item) => [item.uid, item]));
}

describe('calendar .ics', () => {
  const text = buildIcs(events, options);
  const parsed = parse(text);

  it('is RFC 5545 text: CRLF lines of at most 75 octets, VERSION and PRODID', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('VERSION:2.0\r\n');
    expect(text).toMatch(/PRODID:-\/\/atlas\.example\.org\/\/Ballot Atlas\/\/EN/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('gives every event a stable UID <eventId>@<site host>', () => {
    expect([...parsed.keys()].sort()).toEqual(['ev01', 'ev02', 'ev03', 'ev04'].map((id) => `${id}@atlas.example.org`));
    expect(buildIcs(events, options)).toBe(text);
  });

  it('stamps each event with its last revision', () => {
    const stamp = parsed.get('ev01@atlas.example.org')!.component.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.toJSDate().toISOString()).toBe('2026-08-02T11:30:00.000Z');
  });

  it('writes all-day events as VALUE=DATE with an exclusive end', () => {
    const polling = parsed.get('ev01@atlas.example.org')!;
    expect(polling.startDate.isDate).toBe(true);
    expect(polling.startDate.toString()).toBe('2027-03-04');
    expect(polling.endDate.toString()).toBe('2027-03-05');
    expect(text).toContain('DTSTART;VALUE=DATE:20270304\r\n');

    const drive = parsed.get('ev02@atlas.example.org')!;
    expect(drive.startDate.toString()).toBe('2026-09-07');
    expect(drive.endDate.toString()).toBe('2026-09-12');
    expect(drive.duration.toSeconds()).toBe(5 * 86_400);
  });

  it('writes timed events in UTC, with or without an end', () => {
    const debate = parsed.get('ev03@atlas.example.org')!;
    expect(debate.startDate.isDate).toBe(false);
    expect(debate.startDate.toJSDate().toISOString()).toBe('2027-02-25T19:00:00.000Z');
    expect(debate.endDate.toJSDate().toISOString()).toBe('2027-02-25T21:00:00.000Z');
    expect(text).toContain('DTSTART:20270225T190000Z\r\n');

    const results = parsed.get('ev04@atlas.example.org')!;
    expect(results.startDate.toJSDate().toISOString()).toBe('2027-03-05T12:00:00.000Z');
    expect(results.component.hasProperty('dtend')).toBe(false);
  });

  it('escapes text and carries SUMMARY, DESCRIPTION, LOCATION and URL', () => {
    const debate = parsed.get('ev03@atlas.example.org')!;
    expect(debate.summary).toBe('Debate: economy, health; education');
    expect(debate.description).toBe(events[2]!.description);
    expect(debate.location).toBe("National Theatre, Ng'ambo");
    expect(debate.component.getFirstPropertyValue('url')).toBe('https://elections.example.org/calendar/ev03');
    expect(parsed.get('ev04@atlas.example.org')!.component.getFirstPropertyValue('url')).toBe('https://atlas.example.org/eventCalendar#event-ev04');
  });

  it('is served as a text/calendar attachment', async () => {
    const response = icsResponse(text, icsFilename('Débat : l’économie', 'event'));
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="debat-leconomie.ics"');
    expect(await response.text()).toBe(text);
  });
});
