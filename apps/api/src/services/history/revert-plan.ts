import { AppwriteError } from '../../core/errors.ts';
import type { ChangeModel } from './change-model.ts';
import { equivalent, PERMISSIONS_FIELD, type RecordSnapshot } from './record-snapshot.ts';

/** The write that puts a record back as it was before a change. */
export type RevertWrite =
  | { kind: 'create'; data: Record<string, unknown>; permissions: string[] }
  | { kind: 'update'; data: Record<string, unknown>; permissions: string[] | undefined }
  | { kind: 'delete' };

function attributesOf(snapshot: RecordSnapshot): Record<string, unknown> {
  const { [PERMISSIONS_FIELD]: _permissions, ...data } = snapshot;
  return data;
}

function permissionsOf(snapshot: RecordSnapshot): string[] {
  const permissions = snapshot[PERMISSIONS_FIELD];
  return Array.isArray(permissions) ? permissions.map(String) : [];
}

function conflict(message: string): AppwriteError {
  return new AppwriteError('history_revert_conflict', message);
}

/**
 * What reverting `change` does to the record as it is now (`current`, null when it does not
 * exist). A revert never overwrites later work: it is refused (409) when a field the change
 * wrote has changed since — for an undone creation, when anything has — or when the record was
 * deleted, or re-created, since.
 */
export function planRevert(change: ChangeModel, current: RecordSnapshot | null): RevertWrite {
  if (change.after === null) {
    if (current !== null) throw conflict('A record with this ID exists again since this change; it cannot be re-created.');
    if (change.before === null) throw conflict('This change holds no earlier state of the record.');
    return { kind: 'create', data: attributesOf(change.before), permissions: permissionsOf(change.before) };
  }
  if (current === null) throw conflict('The record was deleted since this change; revert that deletion first.');
  const changedSince = (change.before === null ? Object.keys({ ...change.after, ...current }) : change.changes.map((entry) => entry.field)).filter(
    (field) => !equivalent(current[field], change.after![field]),
  );
  if (changedSince.length) {
    throw conflict(`The record has changed since this change in: ${changedSince.join(', ')}. Revert the later changes first.`);
  }
  if (change.before === null) return { kind: 'delete' };
  const data: Record<string, unknown> = {};
  let permissions: string[] | undefined;
  for (const { field, before } of change.changes) {
    if (field === PERMISSIONS_FIELD) permissions = Array.isArray(before) ? before.map(String) : [];
    else data[field] = before;
  }
  return { kind: 'update', data, permissions };
}
