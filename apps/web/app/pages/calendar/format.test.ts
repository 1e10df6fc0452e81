import { describe, expect, it } from 'vitest';
import { calendarFormat } from './format';

const en = calendarFormat('en', 'All day');
const fr = calendarFormat('fr', 'Toute la journée');

describe('calendar formats', () => {
  it('says "all day" for a one-day all-day event, and its dates for a longer one', () => {
    const polling = { start: '2027-03-04T00:00:00.000+00:00', end: null, allDay: true };
    expect(en.when(polling, false)).toBe('All day');
    expect(en.when(polling, true)).toBe('Thu, Mar 4, 2027 · All day');
    const drive = { start: '2026-09-07T00:00:00.000+00:00', end: '2026-09-11T00:00:00.000+00:00', allDay: true };
    expect(en.when(drive, false)).toBe('Mon, Sep 7 – Fri, Sep 11, 2026');
    expect(fr.when(drive, false)).toBe('lun. 7 sept. – ven. 11 sept. 2026');
  });

  it('gives times in UTC, with the dates when an event spans days', () => {
    const debate = { start: '2027-02-25T19:00:00.000+00:00', end: '2027-02-25T21:00:00.000+00:00', allDay: false };
    expect(fr.when(debate, false)).toBe('19:00 – 21:00 UTC');
    expect(en.when({ ...debate, end: null }, false)).toMatch(/^7:00\sPM UTC$/);
    const nominations = { start: '2026-11-23T09:00:00.000+00:00', end: '2026-11-27T16:00:00.000+00:00', allDay: false };
    expect(fr.when(nominations, false)).toBe('lun. 23 nov., 9:00 – ven. 27 nov., 16:00 UTC');
  });

  it('names months and weekdays Monday first, capitalised for headings only', () => {
    expect(fr.monthTitle({ year: 2027, month: 3 })).toBe('Mars 2027');
    expect(fr.monthName({ year: 2027, month: 3 })).toBe('mars 2027');
    expect(fr.weekdays[0]).toEqual({ short: 'lun.', long: 'Lundi' });
    expect(calendarFormat('sw', 'Siku nzima').weekdays[6]!.long).toBe('Jumapili');
  });
});
