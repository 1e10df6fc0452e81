import { RANGED_KINDS, SMALL_PARTS, type RangedKindName, type SmallPartName } from './parts.server';

/** A sitemap file: one per small type (`regions.xml`), numbered ones for the large (`candidates-3.xml`). */
export type PartName = { kind: SmallPartName } | { kind: RangedKindName; number: number };

export const SMALL_PART_NAMES = Object.keys(SMALL_PARTS) as SmallPartName[];

export function isSmallPart(part: PartName): part is { kind: SmallPartName } {
  return !('number' in part);
}

/** `/sitemap/{part}.xml`: `{kind}.xml` for the small parts, `{kind}-{n}.xml` for the numbered ones. */
export function partFile(part: PartName): string {
  return isSmallPart(part) ? `${part.kind}.xml` : `${part.kind}-${part.number}.xml`;
}

export function readPartFile(file: string): PartName | null {
  const small = /^([a-z]+)\.xml$/.exec(file);
  if (small) return Object.hasOwn(SMALL_PARTS, small[1] as string) ? { kind: small[1] as SmallPartName } : null;
  const match = /^([a-z-]+)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match || !Object.hasOwn(RANGED_KINDS, match[1] as string)) return null;
  return { kind: match[1] as RangedKindName, number: Number(match[2]) };
}

export const SITEMAP_PART_PREFIX = '/sitemap/';
