import { RANGED_KINDS, type RangedKindName } from './parts.server';

export type PartName = { kind: 'pages' } | { kind: RangedKindName; number: number };

/** `/sitemap/{part}.xml`: `pages.xml`, or `{kind}-{n}.xml` for the numbered parts. */
export function partFile(part: PartName): string {
  return part.kind === 'pages' ? 'pages.xml' : `${part.kind}-${part.number}.xml`;
}

export function readPartFile(file: string): PartName | null {
  if (file === 'pages.xml') return { kind: 'pages' };
  const match = /^([a-z-]+)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match || !Object.hasOwn(RANGED_KINDS, match[1] as string)) return null;
  return { kind: match[1] as RangedKindName, number: Number(match[2]) };
}

export const SITEMAP_PART_PREFIX = '/sitemap/';
