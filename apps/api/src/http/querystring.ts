/**
 * Query strings the way the SDK writes them: `queries[0]=a&queries[1]=b`, `key[]=a`, or a repeated
 * key all become arrays; everything else stays a string. Nested brackets keep only the first level.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  const indexed = new Map<string, { index: number; value: string }[]>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const bracket = rawKey.indexOf('[');
    if (bracket > 0 && rawKey.endsWith(']')) {
      const name = rawKey.slice(0, bracket);
      const inner = rawKey.slice(bracket + 1, rawKey.indexOf(']', bracket));
      const list = indexed.get(name) ?? [];
      const index = /^\d{1,4}$/.test(inner) ? Number(inner) : Number.MAX_SAFE_INTEGER;
      list.push({ index, value });
      indexed.set(name, list);
      continue;
    }
    const existing = result[rawKey];
    if (existing === undefined) result[rawKey] = value;
    else result[rawKey] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  for (const [name, list] of indexed) {
    const ordered = list.map((entry, position) => ({ ...entry, position })).sort((a, b) => a.index - b.index || a.position - b.position);
    const existing = result[name];
    const plain = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    result[name] = [...plain, ...ordered.map((entry) => entry.value)];
  }
  return result;
}
