/**
 * What a generated parameter value may be besides plain JSON: text that goes into the request
 * exactly as written, and a reference to a resource of the prepared world (whose ids the server
 * may have chosen, so they are looked up only when the request is sent — a replay with the same
 * seed then builds the same request against a new server).
 */

/** Text sent as is: already percent-escaped in a URL, or not JSON (broken, 10,000 levels deep) in a body. */
export class RawText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** The `index`-th known value of `name` (`documentId`, `fileId`, `teamId`…) in the world. */
export class WorldRef {
  readonly name: string;
  readonly index: number;
  constructor(name: string, index: number) {
    this.name = name;
    this.index = index;
  }
}

/** A value made from world values when the request is sent (a query string naming a real document). */
export class FromWorld {
  readonly refs: readonly WorldRef[];
  readonly build: (values: string[]) => unknown;
  readonly label: string;
  constructor(refs: readonly WorldRef[], build: (values: string[]) => unknown, label: string) {
    this.refs = refs;
    this.build = build;
    this.label = label;
  }
}

/** A parameter's value in a generated request; `undefined` leaves the parameter out. */
type FuzzValue = unknown;

/** Replaces world references (anywhere inside arrays and objects) by the values they name now. */
export function resolveWorld(value: FuzzValue, lookup: (ref: WorldRef) => string): FuzzValue {
  if (value instanceof WorldRef) return lookup(value);
  if (value instanceof FromWorld) return value.build(value.refs.map(lookup));
  if (value instanceof RawText) return value;
  if (Array.isArray(value)) return value.map((item) => resolveWorld(item, lookup));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveWorld(item, lookup)]));
  return value;
}

/** The value with every world reference pointing at `index`: with aligned world lists, one coherent resource (a document's database, collection and id). */
export function alignWorld(value: FuzzValue, index: number): FuzzValue {
  if (value instanceof WorldRef) return new WorldRef(value.name, index);
  if (value instanceof FromWorld) return new FromWorld(value.refs.map((ref) => new WorldRef(ref.name, index)), value.build, value.label);
  if (value instanceof RawText) return value;
  if (Array.isArray(value)) return value.map((item) => alignWorld(item, index));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, alignWorld(item, index)]));
  return value;
}

/** JSON text for a value; RawText inside it is inserted verbatim (so a body can carry broken or deep JSON). */
export function toJsonText(value: FuzzValue): string {
  if (value instanceof RawText) return value.text;
  // Only in previews: requests are resolved before they are written.
  if (value instanceof WorldRef) return JSON.stringify(`world(${value.name}#${value.index})`);
  if (value instanceof FromWorld) return JSON.stringify(value.label);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
  // JSON has no undefined; inside an array it reads as null, as JSON.stringify would write it.
  return JSON.stringify(value) ?? 'null';
}

/** A short, printable account of a value, for failure reports (1 MB strings become their length). */
export function preview(value: FuzzValue, limit = 200): string {
  const text = value instanceof WorldRef ? `world(${value.name}#${value.index})` : value instanceof RawText ? `raw(${value.text})` : toJsonText(value);
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length} chars)` : text;
}
