// A search reads its page from the full-text matches in sequence order. Every way of paging a
// search (offset, cursors both ways, descending, with other filters, with per-document read
// permissions, ordered by an attribute) must return exactly the documents a plain filter would,
// in the order the API documents, with the whole count.
import { beforeAll, describe, expect, it } from 'vitest';
import { asOperator, describeEachEngine, documentsPath, queryString, send, useTestServer } from '../../support/scenario.ts';
import type { TestServer } from '../../support/test-server.ts';
import { call, signIn, signUp } from '../../support/account-http.ts';

const WORDS = ['quillon', 'quillet', 'marrow'];
const fixtures = Array.from({ length: 23 }, (_, index) => ({
  id: `sp-${String(index).padStart(2, '0')}`,
  title: `${WORDS[index % 3]} Ñandú ${index % 4 === 0 ? 'Zoë' : 'Ines'}`,
  count: (index * 7) % 11,
  // Guests may read two documents in three of the secure collection.
  readableByGuests: index % 3 !== 1,
}));

const search = (text: string) => ({ method: 'search', attribute: 'title', values: [text] });
const limit = (n: number) => ({ method: 'limit', values: [n] });
const offset = (n: number) => ({ method: 'offset', values: [n] });
const cursorAfter = (id: string) => ({ method: 'cursorAfter', values: [id] });
const cursorBefore = (id: string) => ({ method: 'cursorBefore', values: [id] });
const orderDesc = (attribute: string) => ({ method: 'orderDesc', attribute });
const orderAsc = (attribute: string) => ({ method: 'orderAsc', attribute });

/** The words of a title as the search folds them: lower case, accents off. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/\s+/);
/** What `search(text)` matches: every term a word of the title, the last one as a prefix. */
function matches(title: string, text: string): boolean {
  const words = folded(title);
  const terms = folded(text);
  return terms.every((term, index) => (index === terms.length - 1 ? words.some((word) => word.startsWith(term)) : words.includes(term)));
}

interface Page {
  total: number;
  ids: string[];
}

async function list(server: TestServer, collection: string, queries: object[]): Promise<Page> {
  const response = await send(server, { method: 'GET', path: `${documentsPath(collection)}?${queryString(...queries)}` });
  const json = (await response.json()) as { total: number; documents: { $id: string }[] };
  expect(response.status, JSON.stringify(json)).toBe(200);
  return { total: json.total, ids: json.documents.map((document) => document.$id) };
}

/** Every page of a query by offset, concatenated; each page reports the same total. */
async function walkByOffset(server: TestServer, collection: string, queries: object[], size: number): Promise<Page> {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let start = 0; ; start += size) {
    const page = await list(server, collection, [...queries, limit(size), offset(start)]);
    totals.add(page.total);
    ids.push(...page.ids);
    if (page.ids.length < size) break;
  }
  expect([...totals]).toHaveLength(1);
  return { total: [...totals][0]!, ids };
}

describeEachEngine('search pages', (engine) => {
  const server = useTestServer(engine);

  beforeAll(async () => {
    for (const fixture of fixtures) {
      await asOperator(server(), 'POST', documentsPath('main/items'), { documentId: fixture.id, data: { title: fixture.title, count: fixture.count } });
      await asOperator(server(), 'POST', documentsPath('main/secure'), {
        documentId: fixture.id,
        data: { title: fixture.title },
        permissions: [fixture.readableByGuests ? 'read("any")' : 'read("users")'],
      });
    }
  }, 60_000);

  const expected = (text: string, keep: (fixture: (typeof fixtures)[number]) => boolean = () => true) =>
    fixtures.filter((fixture) => matches(fixture.title, text) && keep(fixture)).map((fixture) => fixture.id);

  it('pages by offset return every match once, in sequence order, with the whole count', async () => {
    for (const text of ['quil', 'quillon', 'nandu zo', 'ÑANDÚ', 'marrow ines']) {
      const want = expected(text);
      expect(want.length, text).toBeGreaterThan(0);
      expect(await walkByOffset(server(), 'main/items', [search(text)], 4), text).toEqual({ total: want.length, ids: want });
    }
  });

  it('another filter is applied to each match, and counted', async () => {
    const want = expected('quil', (fixture) => fixture.count > 4);
    expect(await walkByOffset(server(), 'main/items', [search('quil'), { method: 'greaterThan', attribute: 'count', values: [4] }], 3)).toEqual({ total: want.length, ids: want });
    const notZoe = expected('nandu', (fixture) => !matches(fixture.title, 'zoë'));
    expect(await walkByOffset(server(), 'main/items', [search('nandu'), { method: 'notSearch', attribute: 'title', values: ['zoë'] }], 5)).toEqual({ total: notZoe.length, ids: notZoe });
  });

  it('cursors walk the matches both ways', async () => {
    const want = expected('quil');
    const forward: string[] = [];
    let page = await list(server(), 'main/items', [search('quil'), limit(4)]);
    while (page.ids.length) {
      forward.push(...page.ids);
      page = await list(server(), 'main/items', [search('quil'), limit(4), cursorAfter(page.ids.at(-1)!)]);
      expect(page.total).toBe(want.length);
    }
    expect(forward).toEqual(want);

    const backward: string[] = [];
    let before = want.at(-1)!;
    for (;;) {
      const previous = await list(server(), 'main/items', [search('quil'), limit(4), cursorBefore(before)]);
      if (previous.ids.length === 0) break;
      backward.unshift(...previous.ids);
      before = previous.ids[0]!;
    }
    expect(backward).toEqual(want.slice(0, -1));
  });

  it('descending by sequence and ordered by an attribute', async () => {
    const want = expected('quil');
    expect(await walkByOffset(server(), 'main/items', [search('quil'), orderDesc('$sequence')], 4)).toEqual({ total: want.length, ids: [...want].reverse() });
    const byCount = fixtures.filter((fixture) => want.includes(fixture.id)).sort((a, b) => a.count - b.count || want.indexOf(a.id) - want.indexOf(b.id));
    expect(await walkByOffset(server(), 'main/items', [search('quil'), orderAsc('count')], 4)).toEqual({ total: want.length, ids: byCount.map((fixture) => fixture.id) });
  });

  it('a guest sees, and counts, only the matches it may read', async () => {
    const want = expected('quil', (fixture) => fixture.readableByGuests);
    expect(want.length).toBeLessThan(expected('quil').length);
    expect(await walkByOffset(server(), 'main/secure', [search('quil')], 3)).toEqual({ total: want.length, ids: want });
    const operator = await asOperator(server(), 'GET', `${documentsPath('main/secure')}?${queryString(search('quil'), limit(100))}`);
    expect(operator.total).toBe(expected('quil').length);
  });
});

describeEachEngine('the same list asked again', (engine) => {
  const server = useTestServer(engine);

  it('answers each caller with what that caller may read, and with what was written since', async () => {
    const path = `${documentsPath('main/secure')}?${queryString({ method: 'limit', values: [100] })}`;
    const ids = async (session?: string) => {
      const response = await call(server(), 'GET', path.replace(/^\/v1/, ""), session ? { session } : {});
      return ((await response.json()) as { documents: { $id: string }[] }).documents.map((document) => document.$id).sort();
    };
    await asOperator(server(), 'POST', documentsPath('main/secure'), { documentId: 'for-all', data: { title: 'For all' }, permissions: ['read("any")'] });
    await asOperator(server(), 'POST', documentsPath('main/secure'), { documentId: 'for-users', data: { title: 'For users' }, permissions: ['read("users")'] });
    const { token } = await signIn(server(), await signUp(server(), 'same-list'));
    for (let round = 0; round < 2; round++) {
      expect(await ids(), 'a guest').toEqual(['for-all']);
      expect(await ids(token), 'a signed-in user').toEqual(['for-all', 'for-users']);
    }
    await asOperator(server(), 'POST', documentsPath('main/secure'), { documentId: 'later', data: { title: 'Later' }, permissions: ['read("any")'] });
    expect(await ids()).toEqual(['for-all', 'later']);
    expect(await ids(token)).toEqual(['for-all', 'for-users', 'later']);
  });
});

describe('search pages: the fixtures', () => {
  it('the reference matcher folds accents and treats the last term as a prefix', () => {
    expect(matches('quillon Ñandú Zoë', 'NANDU zo')).toBe(true);
    expect(matches('quillon Ñandú Zoë', 'nand zoe')).toBe(false);
    expect(matches('quillet Ñandú Ines', 'quil')).toBe(true);
  });
});
