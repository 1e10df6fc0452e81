import type { FieldChange, RecordSnapshot } from '@ballot-atlas/shared/history/change';
import type { StoredDocument } from '../../db/documents/stored-document.ts';

export type { FieldChange, RecordSnapshot };

export const PERMISSIONS_FIELD = '$permissions';


export function snapshotOf(document: StoredDocument): RecordSnapshot {
  return { ...document.data, [PERMISSIONS_FIELD]: document.permissions };
}

/** Null, '' and [] all mean "no value" (a created record lists only the fields it was given). */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The same value, or no value either way (an attribute added to the schema since reads as its default). */
export function equivalent(a: unknown, b: unknown): boolean {
  return sameValue(a, b) || (isEmpty(a) && isEmpty(b));
}

/**
 * The fields whose value differs between two states of a record, in the record's own field order
 * (its attributes, then `$permissions`). A record that appears or disappears lists the fields
 * that hold a value.
 */
export function diffSnapshots(before: RecordSnapshot | null, after: RecordSnapshot | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const ordered = [...fields.filter((field) => field !== PERMISSIONS_FIELD), ...fields.filter((field) => field === PERMISSIONS_FIELD)];
  const changes: FieldChange[] = [];
  for (const field of ordered) {
    const old = before ? (before[field] ?? null) : null;
    const next = after ? (after[field] ?? null) : null;
    if (before === null || after === null ? isEmpty(before === null ? next : old) : sameValue(old, next)) continue;
    changes.push({ field, before: old, after: next });
  }
  return changes;
}
