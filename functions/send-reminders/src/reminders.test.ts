import { electionTopicId as sharedElectionTopicId } from '@ballot-atlas/shared/site/topic-ids';
import { describe, expect, it } from 'vitest';
import { dueReminders, electionTopicId, registrationDeadline, type CalendarEvent } from './reminders.ts';

const election = { $id: 'gen2027', name: 'General election 2027', date: '2027-03-04T00:00:00.000+00:00' };
const events: CalendarEvent[] = [
  { $id: 'ev01', kind: 'registration', electionId: 'gen2027', regionId: '', start: '2026-09-01T00:00:00.000+00:00', end: '2026-10-15T00:00:00.000+00:00' },
  { $id: 'ev02', kind: 'registration', electionId: 'gen2027', regionId: null, start: '2026-10-15T00:00:00.000+00:00', end: null },
  { $id: 'ev03', kind: 'registration', electionId: 'gen2027', regionId: 'north', start: '2026-10-20T00:00:00.000+00:00', end: '2026-10-24T00:00:00.000+00:00' },
  { $id: 'ev04', kind: 'debate', electionId: 'gen2027', regionId: '', start: '2026-11-20T00:00:00.000+00:00', end: null },
];

describe('reminders', () => {
  it('names the election topic exactly as the shared rule does, short ids and long ones', () => {
    for (const id of ['gen2027', 'x'.repeat(27), 'x'.repeat(28), 'a-much-longer-election-identifier-36']) expect(electionTopicId(id)).toBe(sharedElectionTopicId(id));
  });

  it('takes the latest national registration event as the deadline (regional drives left out)', () => {
    expect(registrationDeadline('gen2027', events)?.toISOString()).toBe('2026-10-15T00:00:00.000Z');
    expect(registrationDeadline('other', events)).toBeUndefined();
  });

  it('is due only in the 24 hours before polling day or the deadline, with one id per reminder', () => {
    expect(dueReminders([election], events, new Date('2026-10-13T23:59:59Z'))).toEqual([]);
    const deadlineDay = dueReminders([election], events, new Date('2026-10-14T08:00:00Z'));
    expect(deadlineDay.map((reminder) => reminder.kind)).toEqual(['registration-deadline']);
    expect(dueReminders([election], events, new Date('2026-10-14T23:00:00Z'))[0]!.messageId).toBe(deadlineDay[0]!.messageId);
    expect(dueReminders([election], events, new Date('2026-10-15T00:00:00Z'))).toEqual([]);
    const eve = dueReminders([election], events, new Date('2027-03-03T12:00:00Z'));
    expect(eve.map((reminder) => reminder.kind)).toEqual(['election-day']);
    expect(eve[0]!.messageId).toMatch(/^day-[0-9a-f]{32}$/);
    expect(deadlineDay[0]!.messageId).toMatch(/^reg-[0-9a-f]{32}$/);
  });
});
