import type { AttributeDefinition, FieldControl } from './attributes';

/**
 * A record as its form holds it: one string per attribute, as the inputs show it (a checkbox
 * `'true'` or `''`, a list one item per line, a datetime `YYYY-MM-DDTHH:mm` in UTC). A failed
 * save renders these back, so the editor's input is never lost.
 */
export type FormValues = Record<string, string>;

export interface EditableAttribute {
  attribute: AttributeDefinition;
  control: FieldControl;
}

/** Form names beside a file field's own (which holds the file id): a file sent with the form, and "remove it". */
export const fileUploadName = (key: string): string => `${key}__upload`;
export const fileRemoveName = (key: string): string => `${key}__remove`;

/** `2026-03-14T09:05:00.000+00:00` → `2026-03-14T09:05` (UTC), or `2026-03-14` for a day. */
export function datetimeInputValue(value: string, control: 'date' | 'datetime'): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  const iso = new Date(time).toISOString();
  return control === 'date' ? iso.slice(0, 10) : iso.slice(0, 16);
}

/** The inverse of datetimeInputValue; anything else is passed on for the API to judge. */
export function datetimeFromInput(value: string, control: 'date' | 'datetime'): string {
  if (control === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T00:00:00.000+00:00`;
  if (control === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return `${value}:00.000+00:00`;
  if (control === 'datetime' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return `${value}.000+00:00`;
  return value;
}

/** The form's strings for a stored record (or the attributes' defaults for a new one). */
export function formValuesOf(fields: readonly EditableAttribute[], document: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const { attribute, control } of fields) {
    const value = document ? document[attribute.key] : attribute.default;
    values[attribute.key] = inputValue(control, value);
  }
  return values;
}

function inputValue(control: FieldControl, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (control.kind) {
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : String(value);
    case 'checkbox':
      return value === true ? 'true' : '';
    case 'date':
    case 'datetime':
      return typeof value === 'string' ? datetimeInputValue(value, control.kind) : '';
    default:
      return String(value);
  }
}

/** The form's strings from a submission; a checkbox that is absent is unticked. */
export function readFormValues(fields: readonly EditableAttribute[], form: FormData): FormValues {
  const values: FormValues = {};
  for (const { attribute, control } of fields) {
    const entry = form.get(attribute.key);
    if (control.kind === 'checkbox') values[attribute.key] = entry === null || entry === '' ? '' : 'true';
    else values[attribute.key] = typeof entry === 'string' ? entry : '';
  }
  return values;
}

/**
 * What an empty input stores: nothing for a required attribute (the API then names it as
 * missing), else the attribute's own empty default (`''` for most text, null otherwise).
 */
export function emptyValue(attribute: AttributeDefinition): string | null | never[] {
  if (attribute.array) return [];
  if (attribute.required) return null;
  return attribute.type === 'string' && attribute.default === '' ? '' : null;
}

/**
 * The document data for the API. Values are converted, not judged: a number that does not parse
 * is sent as typed, so the API's own message says what is wrong with it.
 */
export function documentData(fields: readonly EditableAttribute[], values: FormValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const { attribute, control } of fields) {
    const raw = values[attribute.key] ?? '';
    data[attribute.key] = storedValue(attribute, control, raw);
  }
  return data;
}

function storedValue(attribute: AttributeDefinition, control: FieldControl, raw: string): unknown {
  if (control.kind === 'checkbox') return raw === 'true';
  if (control.kind === 'list') {
    return raw
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
  }
  // Text keeps its inner spaces and line breaks; only the ends are trimmed.
  const text = raw.trim();
  if (text === '') return emptyValue(attribute);
  switch (control.kind) {
    case 'number': {
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case 'date':
    case 'datetime':
      return datetimeFromInput(text, control.kind);
    case 'colour':
      return text.toLowerCase();
    default:
      return text;
  }
}
