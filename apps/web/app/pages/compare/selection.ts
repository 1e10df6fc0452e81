import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { ID_SEPARATOR, MAX_COMPARED } from './choices';

/**
 * The candidates a visitor has picked to compare. It lives in a cookie, so every page the server
 * renders knows which toggles are on and what the tray holds, with or without JavaScript.
 */

export const COMPARE_COOKIE = 'compare';
/** Set for one page view after a pick was refused because the selection was full (no-JS visitors see it there). */
export const COMPARE_FULL_COOKIE = 'compare_full';
const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** Candidate ids from a cookie or a `?ids=` value: valid ids only, each once, in the order given. */
export function parseIds(value: string | null | undefined): string[] {
  const ids: string[] = [];
  for (const part of (value ?? '').split(ID_SEPARATOR)) {
    const id = part.trim();
    if (isValidId(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The selection a cookie holds: its first MAX_COMPARED valid ids (a hand-edited cookie may hold more). */
export function selectionFromCookie(value: string | null | undefined): string[] {
  return parseIds(value).slice(0, MAX_COMPARED);
}

export type SelectionChange = { intent: 'add'; id: string } | { intent: 'remove'; id: string } | { intent: 'clear' };

export interface ChangeOutcome {
  selection: string[];
  /** True when an addition was refused because MAX_COMPARED are already chosen; the selection is unchanged then. */
  full: boolean;
}

/** Applies one toggle to a selection; adding to a full selection changes nothing and says so. */
export function changeSelection(selection: readonly string[], change: SelectionChange): ChangeOutcome {
  if (change.intent === 'clear') return { selection: [], full: false };
  if (change.intent === 'remove') return { selection: selection.filter((id) => id !== change.id), full: false };
  if (selection.includes(change.id)) return { selection: [...selection], full: false };
  if (selection.length >= MAX_COMPARED) return { selection: [...selection], full: true };
  return { selection: [...selection, change.id], full: false };
}

/** The change a toggle form asks for; null when it names no valid candidate. */
export function changeFromForm(form: FormData): SelectionChange | null {
  const intent = String(form.get('intent') ?? '');
  if (intent === 'clear') return { intent };
  const id = String(form.get('candidate') ?? '');
  if (!isValidId(id)) return null;
  return intent === 'add' || intent === 'remove' ? { intent, id } : null;
}

/** The Set-Cookie that stores a selection (an empty one deletes the cookie). */
export function selectionCookie(selection: readonly string[]): string {
  if (selection.length === 0) return `${COMPARE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
  return `${COMPARE_COOKIE}=${encodeURIComponent(selection.join(ID_SEPARATOR))}; Path=/; Max-Age=${THIRTY_DAYS_SECONDS}; SameSite=Lax; HttpOnly`;
}

/** The Set-Cookie that flags (or, with false, clears) the "selection is full" notice. */
export function fullNoticeCookie(on: boolean): string {
  return on ? `${COMPARE_FULL_COOKIE}=1; Path=/; Max-Age=60; SameSite=Lax; HttpOnly` : `${COMPARE_FULL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`;
}
