import type { DocumentsApi } from './sdk-generations.ts';

/**
 * Twelve `items` documents created in this order (so default order is p01…p12). Values are chosen
 * so every query case below has a small, hand-checkable answer: ties on count 20, nulls in count,
 * published and kind, accents and an apostrophe in titles.
 */
export const people = [
  { id: 'p01', title: 'José Muñoz', body: 'Mayor of the northern district', count: 10, price: 1.5, active: true, published: '2024-01-15T10:00:00.000+00:00', tags: ['mayor', 'north'], kind: 'alpha' },
  { id: 'p02', title: "Siobhán O'Brien", body: 'Council seat', count: 20, price: 2.25, active: false, published: '2024-02-15T10:00:00.000+00:00', tags: ['council'], kind: 'beta' },
  { id: 'p03', title: 'Alice Walker', body: null, count: 20, price: 3, active: true, published: '2024-03-15T10:00:00.000+00:00', tags: ['council', 'south'], kind: 'gamma' },
  { id: 'p04', title: 'Bob Walkerton', body: 'Walks to work', count: 30, price: 4.75, active: false, published: null, tags: [], kind: 'alpha' },
  { id: 'p05', title: 'Carol Smith', body: null, count: null, price: null, active: true, published: '2024-05-15T10:00:00.000+00:00', tags: ['mayor'], kind: null },
  { id: 'p06', title: 'Dan Smithers', body: 'Former smith', count: 40, price: 10, active: false, published: '2024-06-15T10:00:00.000+00:00', tags: ['south'], kind: 'beta' },
  { id: 'p07', title: 'Eve Adams', body: null, count: 20, price: 5.5, active: true, published: '2024-07-15T10:00:00.000+00:00', tags: [], kind: 'gamma' },
  { id: 'p08', title: 'Frank Castle', body: null, count: 50, price: 0, active: false, published: '2023-12-31T23:59:59.999+00:00', tags: ['north'], kind: 'alpha' },
  { id: 'p09', title: 'Grace Hopper', body: 'Compiler pioneer', count: 60, price: 9.99, active: true, published: '2024-09-15T10:00:00.000+00:00', tags: ['council', 'north'], kind: null },
  { id: 'p10', title: 'Henry Ford', body: null, count: 70, price: 7, active: false, published: null, tags: [], kind: 'beta' },
  { id: 'p11', title: 'Ivy Chen', body: null, count: 80, price: 8, active: true, published: '2024-11-15T10:00:00.000+00:00', tags: ['mayor', 'south'], kind: 'gamma' },
  { id: 'p12', title: 'Jack Black', body: 'Black belt', count: 90, price: 6, active: false, published: '2024-12-15T10:00:00.000+00:00', tags: [], kind: null },
] as const;

export const allPeople = people.map((person) => person.id);

/** Creates the people one by one through the SDK, in order. */
export async function createPeople(databases: DocumentsApi): Promise<void> {
  for (const { id, ...data } of people) await databases.createDocument('main', 'items', id, data);
}
