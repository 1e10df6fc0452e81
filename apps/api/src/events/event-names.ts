/**
 * Appwrite's event strings. A write is described by a pattern such as
 * `databases.[databaseId].collections.[collectionId].documents.[documentId].create` and its
 * parameters; subscribers (function `events`, realtime `events`) match against every form Appwrite
 * generates from it: the concrete name, each shorter prefix ending at a resource, and for each the
 * forms with some or all ids replaced by `*`. Document events also come in their TablesDB spelling
 * (`tables`/`rows`), as Appwrite 1.8 mirrors them. Order and duplicates follow Appwrite's
 * Event::generateEvents, so a list compared with Appwrite's is equal, not merely the same set.
 */

interface ParsedPattern {
  type: string;
  resource: string;
  subType?: string;
  subResource?: string;
  subSubType?: string;
  subSubResource?: string;
  action?: string;
  attribute?: string;
}

function parsePattern(pattern: string): ParsedPattern {
  const parts = pattern.split('.');
  const count = parts.length;
  const isPlaceholder = (part: string | undefined) => part !== undefined && part.startsWith('[');
  const hasSub = count > 3 && isPlaceholder(parts[3]);
  const hasSubSub = hasSub && count > 5 && isPlaceholder(parts[5]);
  const parsed: ParsedPattern = { type: parts[0]!, resource: parts[1] ?? '' };
  if (hasSub) {
    parsed.subType = parts[2]!;
    parsed.subResource = parts[3]!;
  }
  if (hasSubSub) {
    parsed.subSubType = parts[4]!;
    parsed.subSubResource = parts[5]!;
    parsed.action = parts[6];
    if (count === 8) parsed.attribute = parts[7];
  } else if (hasSub) {
    if (count > 4) parsed.action = parts[4];
    if (count === 6) parsed.attribute = parts[5];
  } else {
    if (count > 2) parsed.action = parts[2];
    if (count === 4) parsed.attribute = parts[3];
  }
  return parsed;
}

/** The patterns (with placeholders) an event is published under, longest first. */
function patternsOf(parsed: ParsedPattern): string[] {
  const { type, resource, subType, subResource, subSubType, subSubResource, action, attribute } = parsed;
  const patterns: string[] = [];
  const withSub = subResource ? [type, resource, subType!, subResource] : [];
  const withSubSub = subSubResource ? [...withSub, subSubType!, subSubResource] : [];
  if (action) {
    const base = subSubResource ? withSubSub : subResource ? withSub : null;
    if (base) {
      if (attribute) patterns.push([...base, action, attribute].join('.'));
      patterns.push([...base, action].join('.'));
      patterns.push(base.join('.'));
    } else {
      patterns.push([type, resource, action].join('.'));
    }
    if (attribute) patterns.push([type, resource, action, attribute].join('.'));
  }
  if (subSubResource) patterns.push(withSubSub.join('.'));
  if (subResource) patterns.push(withSub.join('.'));
  patterns.push([type, resource].join('.'));
  return [...new Set(patterns)];
}

/** Fills the pattern's placeholders: the parameters in `starred` become `*`, the others their values. */
function fill(pattern: string, params: ReadonlyMap<string, string>, starred: ReadonlySet<string>): string {
  return pattern.replace(/\[([^\]]+)\]/g, (placeholder, key: string) => {
    if (!params.has(key)) return placeholder;
    return starred.has(key) ? '*' : params.get(key)!;
  });
}

const COLLECTIONS_TO_TABLES: Record<string, string> = { documents: 'rows', collections: 'tables', attributes: 'columns' };
const TABLES_TO_COLLECTIONS: Record<string, string> = { rows: 'documents', tables: 'collections', columns: 'attributes' };

function replaceSegments(event: string, map: Record<string, string>): string {
  return event.split('.').map((segment) => map[segment] ?? segment).join('.');
}

/** Appwrite publishes every collection event under its table name too (and the other way round). */
function mirrorCollectionEvents(pattern: string, events: string[]): string[] {
  const first = events[0] ?? '';
  if (!(pattern.includes('databases.') && (first.includes('collections') || first.includes('tables')))) return events;
  const paired: string[] = [];
  for (const event of events) {
    paired.push(event);
    if (event.includes('collections')) paired.push(replaceSegments(event, COLLECTIONS_TO_TABLES));
    else if (event.includes('tables')) paired.push(replaceSegments(event, TABLES_TO_COLLECTIONS));
  }
  return [...new Set(paired)];
}

/** One form of an event: a pattern and which of its ids become `*`. */
interface EventForm {
  pattern: string;
  starred: ReadonlySet<string>;
}

/** The forms depend only on the pattern and the parameter names, so they are worked out once per kind of write. */
const formsByPattern = new Map<string, EventForm[]>();

function formsOf(pattern: string, parsed: ParsedPattern, keys: readonly string[]): EventForm[] {
  const cacheKey = `${pattern}|${keys.join(',')}`;
  const cached = formsByPattern.get(cacheKey);
  if (cached) return cached;
  const forms: EventForm[] = [];
  const seen = new Set<string>();
  const add = (eventPattern: string, starred: readonly string[]) => {
    const relevant = starred.filter((key) => eventPattern.includes(`[${key}]`));
    const identity = `${eventPattern}|${[...new Set(relevant)].sort().join(',')}`;
    if (seen.has(identity)) return;
    seen.add(identity);
    forms.push({ pattern: eventPattern, starred: new Set(relevant) });
  };
  for (const eventPattern of patternsOf(parsed)) {
    add(eventPattern, []);
    add(eventPattern, keys);
    for (const key of keys) {
      for (const current of keys) {
        if (parsed.subSubResource) {
          for (const subCurrent of keys) {
            if (subCurrent === current || subCurrent === key) continue;
            add(eventPattern, [subCurrent]);
            add(eventPattern, [subCurrent, current]);
            add(eventPattern, [current]);
          }
        } else if (current !== key) {
          add(eventPattern, [current]);
        }
      }
    }
  }
  formsByPattern.set(cacheKey, forms);
  return forms;
}

/**
 * Every event string for `pattern` with `params` (in the order the writer sets them, as Appwrite's
 * handlers do), e.g. `generateEvents('users.[userId].update.email', { userId: 'u1' })` →
 * `users.u1.update`, `users.*.update`, `users.u1.update.email`, `users.*.update.email`, `users.u1`, `users.*`.
 */
export function generateEvents(pattern: string, params: Readonly<Record<string, string>>): string[] {
  const parsed = parsePattern(pattern);
  const values = new Map(Object.entries(params));
  for (const placeholder of [parsed.resource, parsed.subResource, parsed.subSubResource]) {
    if (placeholder && placeholder.startsWith('[') && !values.has(placeholder.slice(1, -1))) throw new Error(`${placeholder} is missing from the event parameters of ${pattern}`);
  }
  const events = formsOf(pattern, parsed, Object.keys(params)).map((form) => fill(form.pattern, values, form.starred).replace(/[[\]]/g, ''));
  return mirrorCollectionEvents(pattern, [...new Set(events)]);
}
