/**
 * What a page may show from an event before its reload lands: plain attributes whose names and
 * values are the same in the API's document and in the page's loader data. Everything derived
 * (party badges, places, ages, grouping and order) waits for the reload.
 */
export const CANDIDATE_FIELDS = ['name', 'status', 'votes', 'votePercent', 'ballotNumber', 'gender', 'occupation', 'education', 'bio'] as const;
export const PARTY_FIELDS = ['name', 'abbreviation', 'colour', 'founded', 'leader', 'headquarters', 'ideology', 'description'] as const;

export type Patch = Readonly<Record<string, string | number | boolean | null>>;
export type Patches = ReadonlyMap<string, Patch>;

/** The listed fields of a payload that hold plain values. */
export function plainFields(payload: Record<string, unknown>, fields: readonly string[]): Patch {
  const picked: Record<string, string | number | boolean | null> = {};
  for (const field of fields) {
    const value = payload[field];
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') picked[field] = value;
  }
  return picked;
}

/** `record` with the patch for `id` laid over it (the same object when there is none). */
export function patched<T extends object>(record: T, patches: Patches, id: string): T {
  const patch = patches.get(id);
  return patch ? ({ ...record, ...patch } as T) : record;
}

/** Groups of rows with each row's patch laid over it. */
export function patchedRows<R extends { id: string }, G extends { rows: readonly R[] }>(groups: readonly G[], patches: Patches): G[] {
  if (patches.size === 0) return groups as G[];
  return groups.map((group) => ({ ...group, rows: group.rows.map((row) => patched(row, patches, row.id)) }));
}
