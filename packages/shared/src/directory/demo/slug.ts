// Slugs: lower-case words joined by hyphens. Non-ASCII letters are kept (lower-cased),
// apostrophes are dropped, every other run of non-letters becomes one hyphen.

const APOSTROPHES = /['’ʼ‘`]/gu;
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/gu;

export function slugify(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Hands out slugs unique within one collection: the first use of a base slug gets it as is,
 * later ones get `-2`, `-3`, … Bases never end in `-<digits>` for our names, so a suffixed slug
 * cannot collide with another base. Memory grows with the number of distinct bases only.
 */
export class SlugRegistry {
  #seen = new Map<string, number>();

  take(base: string): string {
    const root = base === '' ? 'item' : base;
    const n = (this.#seen.get(root) ?? 0) + 1;
    this.#seen.set(root, n);
    return n === 1 ? root : `${root}-${n}`;
  }

  get size(): number {
    return this.#seen.size;
  }
}
