import { useState } from 'react';
import { collectionChannel, documentChannel, touches } from './live-event';
import { CANDIDATE_FIELDS, PARTY_FIELDS, patched, patchedRows } from './live-patch';
import { useLiveRefresh } from './use-live-refresh';

/**
 * What each directory page follows. Every page reloads its loader data on a relevant change (so a
 * rename, a new row or a new count is rendered exactly as a fresh visit would show it) and shows
 * an updated record's plain fields at once meanwhile; the filters keep unrelated changes from
 * costing a request.
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
    channels,
    (event) => {
      if (event.action === 'delete' && event.payload['$id'] === id) setRemovedId(id);
      return !removed && event.action !== 'delete';
    },
    { patchFields: CANDIDATE_FIELDS },
  );
  return { data: { ...data, candidate: patched(data.candidate, live.patches, id) }, updates: live.updates, removed };
}

/** A list of candidates: the rows it shows, and any candidate that `belongs` places on it now. */
export function useLiveCandidateList<R extends { id: string }, G extends { rows: readonly R[] }>(
  groups: readonly G[],
  belongs: (candidate: Record<string, unknown>) => boolean,
): { groups: G[]; updates: number } {
  const ids = shownIds(groups);
  const live = useLiveRefresh([CANDIDATES], (event) => touches(event, { ids }) || belongs(event.payload), { patchFields: CANDIDATE_FIELDS });
  return { groups: patchedRows(groups, live.patches), updates: live.updates };
}

/** An electoral area's list: its own races, and the district-wide races (no area) of its district. */
export function inArea(areaId: string, districtId: string | null): (candidate: Record<string, unknown>) => boolean {
  return (candidate) => {
    const area = text(candidate, 'electoralAreaId');
    return area === areaId || (area === null && districtId !== null && text(candidate, 'districtId') === districtId);
  };
}

/** A district's list: any of its candidates. */
export function inDistrict(districtId: string): (candidate: Record<string, unknown>) => boolean {
  return (candidate) => text(candidate, 'districtId') === districtId;
}

/** A party's page: the party itself (on its document channel), and its candidates. */
export function useLiveParty<P extends { id: string }, R extends { id: string }, G extends { rows: readonly R[] }>(
  party: P,
  groups: readonly G[],
): { party: P; groups: G[]; updates: number } {
  const channel = documentChannel('parties', party.id);
  const ids = shownIds(groups);
  const live = useLiveRefresh(
    [channel, CANDIDATES],
    (event) => event.channels.includes(channel) || touches(event, { ids, field: 'partyId', values: [party.id] }),
    { patchFields: [...new Set([...PARTY_FIELDS, ...CANDIDATE_FIELDS])] },
  );
  return { party: patched(party, live.patches, party.id), groups: patchedRows(groups, live.patches), updates: live.updates };
}

/** A district's electoral areas with their candidate counts: its areas and its candidates. */
export function useLiveDistrictAreas(districtId: string): number {
  return useLiveRefresh([CANDIDATES, collectionChannel('electoral_areas')], (event) => text(event.payload, 'districtId') === districtId).updates;
}

/** The calendar: an event it shows, or one that passes its kind and region filters. */
export function useLiveCalendar(shownEventIds: readonly string[], filter: { kind: string | null; regionId: string | null }): number {
  return useLiveRefresh([collectionChannel('events')], (event) => {
    if (touches(event, { ids: shownEventIds })) return true;
    if (filter.kind && text(event.payload, 'kind') !== filter.kind) return false;
    const region = text(event.payload, 'regionId');
    return !filter.regionId || region === null || region === filter.regionId;
  }).updates;
}
