import { z } from 'zod';
import type { ParamDefinition } from '../../core/params.ts';

const ACTIONS = ['create', 'update', 'upsert', 'delete', 'increment', 'decrement', 'bulkCreate', 'bulkUpdate', 'bulkUpsert', 'bulkDelete'] as const;
const NEEDS_DOCUMENT_ID = new Set(['create', 'update', 'upsert', 'delete', 'increment', 'decrement']);
const NEEDS_DATA: ReadonlySet<string> = new Set(ACTIONS.filter((action) => action !== 'delete'));

export type OperationAction = (typeof ACTIONS)[number];

/** One entry of createOperations, with the Databases (`collectionId`, `documentId`) or TablesDB (`tableId`, `rowId`) key names read. */
export interface OperationEntry {
  action: OperationAction;
  databaseId: string;
  collectionId: string;
  documentId: string;
  data: Record<string, unknown>;
}

export interface OperationKeys {
  container: 'collectionId' | 'tableId';
  record: 'documentId' | 'rowId';
  /** The key increment/decrement data names the attribute by. */
  attribute: 'attribute' | 'column';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmptyString = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** What is wrong with one entry, in the words of Appwrite's Operation validator; undefined when nothing is. */
function problemOf(entry: unknown, keys: OperationKeys): string | undefined {
  if (!isObject(entry)) return 'Value must be an array';
  const required = ['databaseId', 'action', keys.container];
  for (const key of required) if (!Object.hasOwn(entry, key)) return `Missing required key: ${key}`;
  for (const key of required) if (!nonEmptyString(entry[key])) return `Key '${key}' must be a non‑empty string`;
  const action = entry['action'] as string;
  if (!(ACTIONS as readonly string[]).includes(action)) return `Key 'action' must be one of: ${ACTIONS.join(', ')}`;
  if (NEEDS_DOCUMENT_ID.has(action) && !Object.hasOwn(entry, keys.record)) return `Key '${keys.record}' is required for action '${action}'`;
  if (Object.hasOwn(entry, keys.record) && !nonEmptyString(entry[keys.record])) return `Key '${keys.record}' must be a non-empty string`;
  if (NEEDS_DATA.has(action) && !Object.hasOwn(entry, 'data')) return 'Missing required key: data';
  if (Object.hasOwn(entry, 'data') && !isObject(entry['data']) && !Array.isArray(entry['data'])) return "Key 'data' must be an array";
  if (action === 'increment' || action === 'decrement') {
    const data = entry['data'];
    if (!isObject(data)) return `Key 'data' must be an array for ${action}`;
    if (!Object.hasOwn(data, keys.attribute)) return `Key '${keys.attribute}' is required in data for ${action}`;
    if (Object.hasOwn(data, 'value') && typeof data['value'] !== 'number') return `Key 'value' must be a numeric value for ${action}`;
  }
  return undefined;
}

/** The `operations` param of createOperations: an array of staged writes, checked entry by entry. */
export function operationsParam(keys: OperationKeys, description: string): ParamDefinition<z.ZodType<OperationEntry[]>> & { required: false } {
  const schema = z.array(z.unknown(), { error: 'Value must a valid array' }).transform((entries, context) => {
    const parsed: OperationEntry[] = [];
    for (const entry of entries) {
      const problem = problemOf(entry, keys);
      if (problem) {
        context.addIssue({ code: 'custom', message: `Value must a valid array and ${problem}` });
        return z.NEVER;
      }
      const fields = entry as Record<string, unknown>;
      const data = isObject(fields['data']) ? { ...fields['data'] } : {};
      // Increments name their attribute one way, whichever API the entry came through.
      if (keys.attribute === 'column' && (fields['action'] === 'increment' || fields['action'] === 'decrement')) {
        data['attribute'] = data['column'];
        delete data['column'];
      }
      parsed.push({
        action: fields['action'] as OperationAction,
        databaseId: fields['databaseId'] as string,
        collectionId: fields[keys.container] as string,
        documentId: (fields[keys.record] as string | undefined) ?? '',
        data,
      });
    }
    return parsed;
  });
  return { schema, required: false, description };
}
