import { Query } from 'node-appwrite';
import type { DirectoryReader } from './directory-reader.ts';
import type { Election, Office } from './records.ts';

const ELECTION_FIELDS = ['$id', 'name', 'slug', 'date', 'status'];

/** The election the site shows by default: the ongoing or next upcoming one, else the latest. */
export async function currentElection(reader: DirectoryReader): Promise<Election | null> {
  const [live, all] = await Promise.all([
    reader.listAll<Election>('elections', [Query.equal('status', ['ongoing', 'upcoming']), Query.orderAsc('date'), Query.select(ELECTION_FIELDS)]),
    reader.listAll<Election>('elections', [Query.orderDesc('date'), Query.select(ELECTION_FIELDS)]),
  ]);
  return live[0] ?? all[0] ?? null;
}

/** Every office in ballot order, as the site lists them. */
export function allOffices(reader: DirectoryReader): Promise<Office[]> {
  return reader.listAll<Office>('offices', [Query.orderAsc('order'), Query.orderAsc('name'), Query.select(['$id', 'name', 'slug', 'level', 'order'])]);
}
