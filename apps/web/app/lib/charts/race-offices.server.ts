import { Query } from 'appwrite';
import { listReference } from '../directory/reference.server';
import type { Office } from '../directory/types';

export type RaceOfficeRecord = Pick<Office, '$id' | 'name' | 'level' | 'seats' | 'order'>;

/** Every office with its level and seats, in ballot order (reference data, cached like the others). */
export function raceOffices(request: Request): Promise<readonly RaceOfficeRecord[]> {
  return listReference<RaceOfficeRecord & Office>(request, 'offices', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'level', 'seats', 'order'])]);
}

/** The offices of one level, in ballot order, as mainRace takes them. */
export function officesAt(offices: readonly RaceOfficeRecord[], level: Office['level']): { id: string; name: string; seats: number | null }[] {
  return offices.filter((office) => office.level === level).map((office) => ({ id: office.$id, name: office.name, seats: office.seats }));
}
