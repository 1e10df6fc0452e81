import { describe, expect, it } from 'vitest';
import { eventsByDay, firstDayGroups } from './buckets';
import { monthGrid } from './dates';

const days = monthGrid({ year: 2027, month: 3 }).flat().filter((day) => day.inMonth).map((day) => day.key);

describe('calendar buckets', () => {
  it('lays March 2027 out in Monday-first weeks', () => {
    const weeks = monthGrid({ year: 2027, month: 3 });
    expect(weeks[0]![0]).toEqual({ key: '2027-03-01', inMonth: true });
    expect(weeks.at(-1)!.at(-1)).toEqual({ key: '2027-04-04', inMonth: false });
    expect(weeks).toHaveLength(5);
  });

  it('places multi-day events on every day they cover, all-day ends being inclusive', () => {
    const drive = { start: '2027-02-27T00:00:00.000+00:00', end: '2027-03-02T00:00:00.000+00:00', allDay: true };
    const night = { start: '2027-03-10T20:00:00.000+00:00', end: '2027-03-11T00:00:00.000+00:00', allDay: false };
    const buckets = eventsByDay([drive, night], days);
    expect(buckets.get('2027-03-01')).toEqual([{ event: drive, continued: true }]);
    expect(buckets.get('2027-03-02')).toEqual([{ event: drive, continued: true }]);
    expect(buckets.get('2027-03-03')).toEqual([]);
    expect(buckets.get('2027-03-10')).toEqual([{ event: night, continued: false }]);
    expect(buckets.get('2027-03-11')).toEqual([]);
    expect(firstDayGroups([drive, night], days).map((group) => group.day)).toEqual(['2027-03-01', '2027-03-10']);
  });
});
