import { createHash } from 'node:crypto';
import type { ReminderKind } from './reminder-texts.ts';

export interface Election {
  $id: string;
  name: string;
  /** ISO date-time of polling day. */
  date: string;
}

export interface CalendarEvent {
  $id: string;
  kind: string;
  electionId: string | null;
  regionId: string | null;
  start: string;
  end: string | null;
}

export interface DueReminder {
  kind: ReminderKind;
  election: Election;
  /** The day the reminder is about (polling day, the registration deadline). */
  day: Date;
  /** Deterministic, so a second attempt is refused by the server as a duplicate. */
  messageId: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The election's topic id: the rule of packages/shared/src/site/topic-ids.ts, repeated here because
 * a function only reads its own folder and installed packages (reminders.test.ts keeps the two equal).
 */
export function electionTopicId(electionId: string): string {
  const plain = `election-${electionId}`;
  if (plain.length <= 36) return plain;
  return `election-${createHash('sha256').update(electionId).digest('hex').slice(0, 16)}`;
}

/** A message id for one reminder of one election about one day: at most 36 characters. */
function reminderMessageId(kind: ReminderKind, electionId: string, day: Date): string {
  const prefix = kind === 'election-day' ? 'day-' : 'reg-';
  return prefix + createHash('sha256').update(`${kind}\n${electionId}\n${day.toISOString()}`).digest('hex').slice(0, 32);
}

/**
 * The registration deadline of an election: the latest end (or, for a one-day event, start) of its
 * national registration events (regional drives have a region and are left out).
 */
export function registrationDeadline(electionId: string, events: readonly CalendarEvent[]): Date | undefined {
  const ends = events
    .filter((event) => event.kind === 'registration' && event.electionId === electionId && !event.regionId)
    .map((event) => new Date(event.end ?? event.start).getTime())
    .filter((time) => !Number.isNaN(time));
  return ends.length ? new Date(Math.max(...ends)) : undefined;
}

/** A reminder is due during the 24 hours before the moment it is about. */
function isDue(day: Date, now: Date): boolean {
  const time = day.getTime();
  return time - DAY_MS <= now.getTime() && now.getTime() < time;
}

/** The reminders due now: each election's polling day and registration deadline, the day before. */
export function dueReminders(elections: readonly Election[], events: readonly CalendarEvent[], now: Date): DueReminder[] {
  const due: DueReminder[] = [];
  for (const election of elections) {
    const pollingDay = new Date(election.date);
    if (!Number.isNaN(pollingDay.getTime()) && isDue(pollingDay, now)) {
      due.push({ kind: 'election-day', election, day: pollingDay, messageId: reminderMessageId('election-day', election.$id, pollingDay) });
    }
    const deadline = registrationDeadline(election.$id, events);
    if (deadline && isDue(deadline, now)) {
      due.push({ kind: 'registration-deadline', election, day: deadline, messageId: reminderMessageId('registration-deadline', election.$id, deadline) });
    }
  }
  return due;
}
