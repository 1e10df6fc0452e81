import { useState } from 'react';
import { collectionChannel, documentChannel, touches } from './live-event';
import { shownMatch, type LiveFilter, type LiveMatch } from './live-filter';
import { CANDIDATE_FIELDS, PARTY_FIELDS, patched, patchedRows } from './live-patch';
import { useLiveRefresh } from './use-live-refresh';

/**
 * What each directory page follows. Every page reloads its loader data on a relevant change (so a
 * rename, a new row or a new count is rendered exactly as a fresh visit would show it) and shows
 * an updated record's plain fields at once meanwhile. Each collection subscription carries a
 * server-side filter (its place or party, or a record it shows), so an unrelated change costs
 * neither a frame nor a request; the page's own check then decides, as before.
 */

const CANDIDATES = collectionChannel('candidates');

type Groups<R extends { id: string }> = readonly { rows: readonly R[] }[];

function text(record: Record<string, unknown>, field: string): string | null {
  const value = record[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

function shownIds(groups: Groups<{ id: string }>): string[] {
  return groups.flatMap((group) => group.rows.map((row) => row.id));
}

/**
 * A candidate's page: that candidate and their party, each on its own document channel. A deleted
 * candidate is not reloaded (the page would turn into a 404 under the reader): `removed` says so.
 */
export function useLiveCandidate<D extends { candidate: { id: string }; party: { id: string } | null }>(data: D): { data: D; updates: number; removed: boolean } {
  // Kept by id: a client-side navigation to another candidate reuses this component.
  const [removedId, setRemovedId] = useState<string | null>(null);
  const id = data.candidate.id;
  const removed = removedId === id;
  const channels = [documentChannel('candidates', id), ...(data.party ? [documentChannel('parties', data.party.id)] : [])];
  const live = useLiveRefresh(
    [{ channels }],
    (event) => {
      if (event.action === 'delete' && event.payload['$id'] === id) setRemovedId(id);
      return !removed && event.action !== 'delete';
    },
    { patchFields: CANDIDATE_FIELDS },
  );
  return { data: { ...data, candidate: patched(data.candidate, live.patches, id) }, updates: live.updates, removed };
}

/** The candidates a list is about: the page's check, and the same place as a server-side filter. */
export interface CandidatePlace {
  belongs: (candidate: Record<string, unknown>) => boolean;
  matches: LiveMatch[];
}

/** A list of candidates: the rows it shows, and any candidate that `place.belongs` places on it now. */
export function useLiveCandidateList<R extends { id: string }, G extends { rows: readonly R[] }>(groups: readonly G[], place: CandidatePlace): { groups: G[]; updates: number } {
  const ids = shownIds(groups);
  const live = useLiveRefresh([{ channels: [CANDIDATES], filter: [...place.matches, ...shownMatch(ids)] }], (event) => touches(event, { ids }) || place.belongs(event.payload), {
    patchFields: CANDIDATE_FIELDS,
  });
  return { groups: patchedRows(groups, live.patches), updates: live.updates };
}

/** An electoral area's list: its own races, and the district-wide races (no area) of its district. */
export function inArea(areaId: string, districtId: string | null): CandidatePlace {
  return {
    belongs: (candidate) => {
      const area = text(candidate, 'electoralAreaId');
      return area === areaId || (area === null && districtId !== null && text(candidate, 'districtId') === districtId);
    },
    matches: [{ electoralAreaId: [areaId] }, ...(districtId !== null ? [{ electoralAreaId: [null], districtId: [districtId] }] : [])],
  };
}

/** A district's list: any of its candidates. */
export function inDistrict(districtId: string): CandidatePlace {
  return { belongs: (candidate) => text(candidate, 'districtId') === districtId, matches: [{ districtId: [districtId] }] };
}

/** A party's page: the party itself (on its document channel), and its candidates. */
export function useLiveParty<P extends { id: string }, R extends { id: string }, G extends { rows: readonly R[] }>(
  party: P,
  groups: readonly G[],
): { party: P; groups: G[]; updates: number } {
  const channel = documentChannel('parties', party.id);
  const ids = shownIds(groups);
  const live = useLiveRefresh(
    [{ channels: [channel] }, { channels: [CANDIDATES], filter: [{ partyId: [party.id] }, ...shownMatch(ids)] }],
    (event) => event.channels.includes(channel) || touches(event, { ids, field: 'partyId', values: [party.id] }),
    { patchFields: [...new Set([...PARTY_FIELDS, ...CANDIDATE_FIELDS])] },
  );
  return { party: patched(party, live.patches, party.id), groups: patchedRows(groups, live.patches), updates: live.updates };
}

/** A district's electoral areas with their candidate counts: its areas and its candidates. */
export function useLiveDistrictAreas(districtId: string): number {
  return useLiveRefresh([{ channels: [CANDIDATES, collectionChannel('electoral_areas')], filter: [{ districtId: [districtId] }] }], (event) => text(event.payload, 'districtId') === districtId).updates;
}

interface CalendarFilter {
  kind: string | null;
  regionId: string | null;
}

/** The calendar's events as a server-side filter: its kind and region (events without a region too), or one it shows. */
export function calendarFilter(shownEventIds: readonly string[], filter: CalendarFilter): LiveFilter {
  const kept: LiveMatch = { ...(filter.kind ? { kind: [filter.kind] } : {}), ...(filter.regionId ? { regionId: [null, filter.regionId] } : {}) };
  return [kept, ...shownMatch(shownEventIds)];
}

/** The calendar: an event it shows, or one that passes its kind and region filters. */
export function useLiveCalendar(shownEventIds: readonly string[], filter: CalendarFilter): number {
  return useLiveRefresh([{ channels: [collectionChannel('events')], filter: calendarFilter(shownEventIds, filter) }], (event) => {
    if (touches(event, { ids: shownEventIds })) return true;
    if (filter.kind && text(event.payload, 'kind') !== filter.kind) return false;
    const region = text(event.payload, 'regionId');
    return !filter.regionId || region === null || region === filter.regionId;
  }).updates;
}
