/**
 * The area levels, widest first: a record of each level carries the ids of the levels above it
 * (an electoral area has its districtId, subregionId and regionId).
 */
export const AREA_LEVELS = ['regionId', 'subregionId', 'districtId', 'electoralAreaId'] as const;
export type AreaLevel = (typeof AREA_LEVELS)[number];

export interface HierarchyPlan {
  /** The narrowest area chosen in the form; its record supplies the wider ids. */
  source: AreaLevel | null;
  /** Wider levels to copy from the source record. */
  copy: AreaLevel[];
  /** Derived levels narrower than the source: they no longer apply. */
  clear: AreaLevel[];
}

/**
 * How a record's area ids stay consistent: the narrowest area the editor chose decides every
 * wider one (a candidate's electoral area gives its district, sub-region and region), and the
 * derived levels below it are emptied. `keys`: the collection's attributes; `derived`: those the
 * form does not ask for.
 */
export function hierarchyPlan(keys: readonly string[], derived: readonly string[], data: Record<string, unknown>): HierarchyPlan {
  const levels = AREA_LEVELS.filter((level) => keys.includes(level));
  const chosen = levels.filter((level) => !derived.includes(level) && typeof data[level] === 'string' && data[level] !== '');
  const source = chosen[chosen.length - 1] ?? null;
  const depth = source ? levels.indexOf(source) : -1;
  return {
    source,
    copy: levels.slice(0, Math.max(depth, 0)),
    clear: levels.slice(depth + 1).filter((level) => derived.includes(level)),
  };
}

/**
 * The wider area ids a table shows when an area column is empty, narrowest first: a candidate
 * for a district office has no electoral area, so its district is shown instead.
 */
export function widerAreas(key: string, keys: readonly string[]): AreaLevel[] {
  const depth = AREA_LEVELS.indexOf(key as AreaLevel);
  if (depth < 0) return [];
  return AREA_LEVELS.slice(0, depth)
    .filter((level) => keys.includes(level))
    .reverse();
}
