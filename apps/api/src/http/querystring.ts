/** A query-string value: text, a list, or named entries (`headers[X-Name]=value`). */
export type QueryValue = string | string[] | Record<string, string>;

/** An SDK-written map: `name[key]=value` with names that are not list positions. */
const NAMED_KEY = /^(?!\d{1,4}$).+$/;

/**
 * Query strings the way the SDK writes them: `queries[0]=a&queries[1]=b`, `key[]=a`, or a repeated
 * key all become arrays; `headers[X-A]=1&headers[X-B]=2` (an object param: every key a name)
 * becomes `{ 'X-A': '1', 'X-B': '2' }`; everything else stays a string. Nested brackets keep only
 * the first level.
 */
export function parseQueryString(text: string): Record<string, QueryValue> {
  const plain: Record<string, string | string[]> = Object.create(null);
  const indexed = new Map<string, { index: number; key: string; value: string }[]>();
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const bracket = rawKey.indexOf('[');
    if (bracket > 0 && rawKey.endsWith(']')) {
      const name = rawKey.slice(0, bracket);
      const inner = rawKey.slice(bracket + 1, rawKey.indexOf(']', bracket));
      const list = indexed.get(name) ?? [];
      const index = /^\d{1,4}$/.test(inner) ? Number(inner) : Number.MAX_SAFE_INTEGER;
      list.push({ index, key: inner, value });
      indexed.set(name, list);
      continue;
    }
    const existing = plain[rawKey];
    if (existing === undefined) plain[rawKey] = value;
    else plain[rawKey] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  const result: Record<string, QueryValue> = plain;
  for (const [name, list] of indexed) {
    if (plain[name] === undefined && list.every((entry) => NAMED_KEY.test(entry.key))) {
      result[name] = Object.fromEntries(list.map((entry) => [entry.key, entry.value]));
      continue;
    }
    const ordered = list.map((entry, position) => ({ ...entry, position })).sort((a, b) => a.index - b.index || a.position - b.position);
    const existing = plain[name];
    const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
    result[name] = [...before, ...ordered.map((entry) => entry.value)];
  }
  return result;
}
