import { REALTIME_CODES, RealtimeError } from './realtime-error.ts';

/**
 * The queries a realtime subscription may carry, as Appwrite HEAD filters them (its
 * `RuntimeQuery`): comparisons of top-level payload attributes, null checks, `and`/`or`, and
 * `select("*")`, which means "every event" and turns filtering off. Anything else is refused.
 */
const COMPARISONS = ['equal', 'notEqual', 'lessThan', 'lessThanEqual', 'greaterThan', 'greaterThanEqual'] as const;
const NULL_CHECKS = ['isNull', 'isNotNull'] as const;
const ALLOWED = [...COMPARISONS, ...NULL_CHECKS, 'and', 'or', 'select'] as const;

type Comparison = (typeof COMPARISONS)[number];
type NullCheck = (typeof NULL_CHECKS)[number];

export type Condition =
  | { kind: 'group'; op: 'and' | 'or'; conditions: Condition[] }
  | { kind: 'compare'; op: Comparison; attribute: string; values: unknown[] }
  | { kind: 'null'; op: NullCheck; attribute: string };

/** A subscription's filter: null when it takes every event of its channels. */
export type PayloadFilter = Condition[] | null;

interface RawQuery {
  method?: unknown;
  attribute?: unknown;
  values?: unknown;
}

function invalid(detail: string): RealtimeError {
  return new RealtimeError(REALTIME_CODES.messageInvalid, `Invalid query: ${detail}`);
}

function parseQuery(text: unknown): RawQuery {
  if (typeof text !== 'string') throw invalid('Query must be a string.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(`Invalid query: ${text.slice(0, 100)}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid(`Invalid query: ${text.slice(0, 100)}`);
  return parsed as RawQuery;
}

function isSelectAll(query: RawQuery): boolean {
  return query.method === 'select' && Array.isArray(query.values) && query.values.length === 1 && query.values[0] === '*';
}

function compile(query: RawQuery): Condition {
  const method = query.method;
  if (typeof method !== 'string' || !(ALLOWED as readonly string[]).includes(method)) {
    throw invalid(`Query method '${String(method)}' is not supported in Realtime queries. Allowed: ${ALLOWED.join(', ')}`);
  }
  const values = Array.isArray(query.values) ? query.values : [];
  if (method === 'and' || method === 'or') {
    return { kind: 'group', op: method, conditions: values.map((value) => compile((value && typeof value === 'object' ? value : {}) as RawQuery)) };
  }
  // A nested select("*") is accepted but, having no attribute, never holds (as in Appwrite).
  if (method === 'select') return { kind: 'group', op: 'or', conditions: [] };
  if (typeof query.attribute !== 'string' || query.attribute === '') throw invalid(`Query method '${method}' needs an attribute.`);
  if ((NULL_CHECKS as readonly string[]).includes(method)) return { kind: 'null', op: method as NullCheck, attribute: query.attribute };
  return { kind: 'compare', op: method as Comparison, attribute: query.attribute, values };
}

/** Nested selects are refused too; only a top-level `select("*")` switches filtering off. */
function checkSelects(query: RawQuery): void {
  if (query.method === 'select' && !isSelectAll(query)) {
    throw invalid('Only select("*") is allowed in Realtime queries. select("*") means "listen to all events".');
  }
  if ((query.method === 'and' || query.method === 'or') && Array.isArray(query.values)) {
    for (const value of query.values) if (value && typeof value === 'object') checkSelects(value as RawQuery);
  }
}

/** Reads a subscription's `queries` (strings, as the SDKs send them) into its filter; 1003 for what Appwrite refuses. */
export function readSubscriptionQueries(value: unknown): { queries: string[]; filter: PayloadFilter } {
  if (value === undefined || value === null) return { queries: [], filter: null };
  if (!Array.isArray(value)) throw new RealtimeError(REALTIME_CODES.messageInvalid, 'Payload is not valid.');
  const parsed = value.map(parseQuery);
  for (const query of parsed) checkSelects(query);
  const conditions = parsed.filter((query) => query.method !== 'select').map(compile);
  const filter = parsed.length === 0 || parsed.some(isSelectAll) ? null : conditions;
  return { queries: value as string[], filter };
}

/** Whether an event's payload passes a subscription's filter (all top-level conditions). */
export function passes(filter: PayloadFilter, payload: Record<string, unknown>): boolean {
  return filter === null || filter.every((condition) => holds(condition, payload));
}

function holds(condition: Condition, payload: Record<string, unknown>): boolean {
  if (condition.kind === 'group') {
    const check = (inner: Condition) => holds(inner, payload);
    return condition.op === 'and' ? condition.conditions.every(check) : condition.conditions.some(check);
  }
  // A missing attribute fails every condition, isNull included, as in Appwrite.
  if (!Object.hasOwn(payload, condition.attribute)) return false;
  const value = payload[condition.attribute];
  if (condition.kind === 'null') return condition.op === 'isNull' ? value === null : value !== null;
  switch (condition.op) {
    case 'equal':
      return condition.values.some((target) => value === target);
    case 'notEqual':
      return !condition.values.some((target) => value === target);
    default:
      return condition.values.some((target) => ordered(condition.op, value, target));
  }
}

/** Order comparisons between two numbers or two strings; other pairs never match. */
function ordered(op: Comparison, value: unknown, target: unknown): boolean {
  const comparable = (typeof value === 'number' && typeof target === 'number') || (typeof value === 'string' && typeof target === 'string');
  if (!comparable) return false;
  const [a, b] = [value as number | string, target as number | string];
  switch (op) {
    case 'lessThan':
      return a < b;
    case 'lessThanEqual':
      return a <= b;
    case 'greaterThan':
      return a > b;
    case 'greaterThanEqual':
      return a >= b;
    default:
      return false;
  }
}
