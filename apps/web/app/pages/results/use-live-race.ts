import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { collectionChannel, type LiveEvent } from '../../lib/live/live-event';
import { shownMatch, type LiveFilter } from '../../lib/live/live-filter';
import { useLiveEvents } from '../../lib/live/use-live-events';
import type { RaceCandidate } from './types';

export interface RaceKey {
  electionId: string;
  officeId: string;
  /** The attribute naming the race's place and its value; null for a national race. */
  place: { field: 'regionId' | 'districtId' | 'electoralAreaId'; id: string } | null;
}

function inRace(payload: Record<string, unknown>, race: RaceKey): boolean {
  if (payload['electionId'] !== race.electionId || payload['officeId'] !== race.officeId) return false;
  return !race.place || payload[race.place.field] === race.place.id;
}

/**
 * What the server sends the view: the race's candidates, and the ones it shows by id (an update
 * that takes a candidate out of the race no longer matches the race, but still reaches the view).
 */
export function raceFilter(race: RaceKey, shownIds: readonly string[]): LiveFilter {
  const place = race.place ? { [race.place.field]: [race.place.id] } : {};
  return [{ electionId: [race.electionId], officeId: [race.officeId], ...place }, ...shownMatch(shownIds)];
}

/** A new value of the fields the view shows, from a live update of a candidate it already shows. */
function patched(candidate: RaceCandidate, payload: Record<string, unknown>): RaceCandidate {
  const votes = payload['votes'];
  return {
    ...candidate,
    name: typeof payload['name'] === 'string' ? payload['name'] : candidate.name,
    status: typeof payload['status'] === 'string' ? payload['status'] : candidate.status,
    votes: typeof votes === 'number' || votes === null ? votes : candidate.votes,
    updatedAt: typeof payload['$updatedAt'] === 'string' ? payload['$updatedAt'] : candidate.updatedAt,
  };
}

/**
 * The race's candidates, kept current from realtime: an update to a shown candidate is applied at
 * once (votes, status, name); a candidate joining or leaving the race, or changing party, reloads
 * the page's data, which also brings the party's colour. `updates` counts the live changes.
 */
export function useLiveRace(initial: RaceCandidate[], race: RaceKey): { candidates: RaceCandidate[]; updates: number } {
  const [candidates, setCandidates] = useState(initial);
  const [updates, setUpdates] = useState(0);
  const revalidator = useRevalidator();
  useEffect(() => setCandidates(initial), [initial]);
  const filter = raceFilter(race, candidates.map((candidate) => candidate.id));
  useLiveEvents([{ channels: [collectionChannel('candidates')], filter }], (event: LiveEvent) => {
    const id = event.payload['$id'];
    if (typeof id !== 'string') return;
    const shown = candidates.find((candidate) => candidate.id === id);
    const belongs = event.action !== 'delete' && inRace(event.payload, race);
    if (!shown && !belongs) return;
    const partyChanged = shown && belongs && 'partyId' in event.payload && (event.payload['partyId'] || null) !== (shown.party?.id ?? null);
    if (!shown || !belongs || partyChanged) {
      void revalidator.revalidate();
      return;
    }
    setCandidates((current) => current.map((candidate) => (candidate.id === id ? patched(candidate, event.payload) : candidate)));
    setUpdates((count) => count + 1);
  });
  return { candidates, updates };
}
