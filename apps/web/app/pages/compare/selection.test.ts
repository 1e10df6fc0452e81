import { describe, expect, it } from 'vitest';
import { comparePath, MAX_COMPARED } from './choices';
import { changeFromForm, changeSelection, COMPARE_COOKIE, parseIds, selectionCookie, selectionFromCookie } from './selection';

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

describe('reading a selection', () => {
  it('keeps valid ids once each, in order, and skips the rest', () => {
    expect(parseIds('b1, a2,b1,,<script>,-bad,ok.id_3')).toEqual(['b1', 'a2', 'ok.id_3']);
    expect(parseIds(undefined)).toEqual([]);
    expect(parseIds('x'.repeat(37))).toEqual([]);
  });

  it('takes at most four from a cookie, however many it holds', () => {
    expect(selectionFromCookie('a,b,c,d,e,f')).toEqual(['a', 'b', 'c', 'd']);
    expect(MAX_COMPARED).toBe(4);
  });
});

describe('changing a selection', () => {
  it('adds to the end, once', () => {
    expect(changeSelection(['a'], { intent: 'add', id: 'b' })).toEqual({ selection: ['a', 'b'], full: false });
    expect(changeSelection(['a', 'b'], { intent: 'add', id: 'a' })).toEqual({ selection: ['a', 'b'], full: false });
  });

  it('refuses a fifth and loses nothing', () => {
    const four = ['a', 'b', 'c', 'd'];
    expect(changeSelection(four, { intent: 'add', id: 'e' })).toEqual({ selection: four, full: true });
    // One already chosen is no addition, so not refused.
    expect(changeSelection(four, { intent: 'add', id: 'c' })).toEqual({ selection: four, full: false });
  });

  it('removes one, or clears all', () => {
    expect(changeSelection(['a', 'b', 'c'], { intent: 'remove', id: 'b' })).toEqual({ selection: ['a', 'c'], full: false });
    expect(changeSelection(['a'], { intent: 'remove', id: 'z' })).toEqual({ selection: ['a'], full: false });
    expect(changeSelection(['a', 'b'], { intent: 'clear' })).toEqual({ selection: [], full: false });
  });

  it('reads the change a toggle form asks for, and nothing from a bad one', () => {
    expect(changeFromForm(form({ intent: 'add', candidate: 'c1' }))).toEqual({ intent: 'add', id: 'c1' });
    expect(changeFromForm(form({ intent: 'remove', candidate: 'c1' }))).toEqual({ intent: 'remove', id: 'c1' });
    expect(changeFromForm(form({ intent: 'clear' }))).toEqual({ intent: 'clear' });
    expect(changeFromForm(form({ intent: 'add', candidate: '../x' }))).toBeNull();
    expect(changeFromForm(form({ intent: 'drop', candidate: 'c1' }))).toBeNull();
    expect(changeFromForm(form({}))).toBeNull();
  });
});

describe('writing a selection', () => {
  it('stores the ids in an HttpOnly, site-wide cookie that reads back the same', () => {
    const header = selectionCookie(['a', 'b.c']);
    expect(header).toMatch(new RegExp(`^${COMPARE_COOKIE}=a%2Cb\\.c; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`));
    const value = decodeURIComponent(header.slice(COMPARE_COOKIE.length + 1).split(';')[0]!);
    expect(selectionFromCookie(value)).toEqual(['a', 'b.c']);
  });

  it('deletes the cookie when nothing is chosen', () => {
    expect(selectionCookie([])).toContain('Max-Age=0');
  });

  it('gives a shareable address', () => {
    expect(comparePath(['a', 'b'])).toBe('/compare?ids=a,b');
    expect(comparePath([])).toBe('/compare');
  });
});
