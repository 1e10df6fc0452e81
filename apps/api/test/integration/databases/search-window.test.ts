// A search ordered by an indexed attribute first looks for its page among the first entries of that
// index (the "window"), and sorts every match only when the page is not all there. Whichever way a
// page is found, it must be the page a full sort gives: matches clustered past the window, spread
// through it, pages that end inside it, both directions, ties broken by sequence.
import { beforeAll, expect, it } from 'vitest';
import { ADMIN } from '../../../src/core/context.ts';
import { CollectionStore } from '../../../src/db/documents/collection-store.ts';
import type { QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import { asOperator, describeEachEngine, documentsPath, useTestServer } from '../../support/scenario.ts';

const WINDOW = 10;
// 60 items: "spread" matches every third count from the start; "late" matches only counts past the
// window (40 and up); counts repeat in pairs so that ties need the sequence to order them.
const fixtures = Array.from({ length: 60 }, (_, index) => ({
  id: `sw-${String(index).padStart(2, '0')}`,
  count: Math.floor((59 - index) / 2),
  title: [index % 3 === 0 ? 'spread' : 'other', 59 - index >= 40 ? 'late' : 'early'].join(' '),
}));

function expected(word: string, direction: 'asc' | 'desc', limit: number, offset: number): string[] {
  const matching = fixtures.map((fixture, sequence) => ({ ...fixture, sequence })).filter((fixture) => fixture.title.split(' ').includes(word));
  matching.sort((a, b) => (direction === 'asc' ? a.count - b.count : b.count - a.count) || a.sequence - b.sequence);
  return matching.slice(offset, offset + limit).map((fixture) => fixture.id);
}

describeEachEngine('a search ordered by an indexed attribute', (engine) => {
  const server = useTestServer(engine);
  let store: CollectionStore;
  const statements: string[] = [];

  beforeAll(async () => {
    for (const fixture of fixtures) {
      await asOperator(server(), 'POST', documentsPath('main/items'), { documentId: fixture.id, data: { title: fixture.title, count: fixture.count } });
    }
    const services = server().app.services;
    const definition = services.documents.collection({ databaseId: 'main', collectionId: 'items' }, ADMIN).definition;
    const dialect = services.dialect;
    const read = <Row,>(text: string, parameters: readonly unknown[]) => {
      statements.push(text);
      return dialect.read<Row>(text, parameters);
    };
    store = new CollectionStore({ ...dialect, read }, definition, { searchWindow: WINDOW });
  }, 60_000);

  const plan = (word: string, direction: 'asc' | 'desc', limit: number, offset: number): QueryPlan => ({
    filters: [{ kind: 'filter', method: 'search', attribute: 'title', values: [word] }],
    orders: [{ attribute: 'count', direction }],
    select: null,
    limit,
    offset,
    cursor: null,
  });

  async function page(word: string, direction: 'asc' | 'desc', limit: number, offset: number): Promise<{ ids: string[]; reads: number; total: number }> {
    statements.length = 0;
    const found = await store.list(plan(word, direction, limit, offset), { kind: 'all' }, { countTotal: true });
    return { ids: found.documents.map((document) => document.id), reads: statements.filter((text) => !/count\(\*\)/.test(text)).length, total: found.total };
  }

  it('a page found inside the window is read there alone, and is the page a full sort gives', async () => {
    // Counts ascending: the window holds counts 0–4 (sequences 50–59), where "spread" has 3 matches
    // and "early" 10.
    const small = await page('spread', 'asc', 2, 0);
    expect(small.ids).toEqual(expected('spread', 'asc', 2, 0));
    expect(small.reads).toBe(1);
    expect(small.total).toBe(20);
    const early = await page('early', 'asc', 4, 4);
    expect(early.ids).toEqual(expected('early', 'asc', 4, 4));
    expect(early.reads).toBe(1);
  });

  it('a page past the window, or running out in it, is read by sorting every match', async () => {
    for (const [word, limit, offset] of [['late', 5, 0], ['spread', 5, 0], ['spread', 3, 6], ['early', 4, 38]] as const) {
      const found = await page(word, 'asc', limit, offset);
      expect(found.ids, `${word} ${limit} ${offset}`).toEqual(expected(word, 'asc', limit, offset));
      expect(found.reads, `${word} ${limit} ${offset}`).toBe(2);
    }
  });

  it('descending: the window is the end of the index, ties still in sequence order', async () => {
    const late = await page('late', 'desc', 6, 0);
    expect(late.ids).toEqual(expected('late', 'desc', 6, 0));
    expect(late.reads).toBe(1);
    for (const [word, limit, offset] of [['early', 5, 0], ['late', 6, 8], ['spread', 20, 0]] as const) {
      expect((await page(word, 'desc', limit, offset)).ids, `${word} ${limit} ${offset}`).toEqual(expected(word, 'desc', limit, offset));
    }
  });

  it('no match at all: an empty page and a zero count', async () => {
    expect(await page('nothing', 'asc', 5, 0)).toEqual({ ids: [], reads: 2, total: 0 });
  });
});
