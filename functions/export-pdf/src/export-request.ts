import { LANGUAGES, type Language } from './document-model.ts';

export const EXPORT_KINDS = ['region', 'district', 'area', 'party', 'calendar', 'text'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type DirectoryKind = Extract<ExportKind, 'region' | 'district' | 'area' | 'party'>;

export type ExportRequest =
  | { kind: DirectoryKind; id: string; language: Language }
  | { kind: 'calendar'; language: Language }
  | { kind: 'text'; text: string; title: string | null; language: Language };

export const MAX_TEXT_LENGTH = 100_000;
export const MAX_TITLE_LENGTH = 200;
const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** A body the function refuses, with a message for the caller (Appwrite's general_argument_invalid). */
export class InvalidExportRequest extends Error {}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new InvalidExportRequest(`Invalid \`${name}\` param: Value must be one of (${allowed.join(', ')})`);
}

/** The execution's JSON body, checked: `{ kind, id, language, text?, title? }`. */
export function parseExportRequest(body: unknown): ExportRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new InvalidExportRequest('The body must be a JSON object: { kind, id, language, text?, title? }.');
  const fields = body as Record<string, unknown>;
  const kind = oneOf(fields['kind'], EXPORT_KINDS, 'kind');
  const language = fields['language'] === undefined ? 'en' : oneOf(fields['language'], LANGUAGES, 'language');
  if (kind === 'calendar') return { kind, language };
  if (kind === 'text') {
    const text = fields['text'];
    if (typeof text !== 'string' || text.trim() === '') throw new InvalidExportRequest('Invalid `text` param: the text to export is missing.');
    if (text.length > MAX_TEXT_LENGTH) throw new InvalidExportRequest(`Invalid \`text\` param: Value must be a valid string and no longer than ${MAX_TEXT_LENGTH} chars`);
    const title = fields['title'];
    if (title !== undefined && title !== null && (typeof title !== 'string' || title.length > MAX_TITLE_LENGTH)) {
      throw new InvalidExportRequest(`Invalid \`title\` param: Value must be a valid string and no longer than ${MAX_TITLE_LENGTH} chars`);
    }
    return { kind, text, title: typeof title === 'string' && title.trim() !== '' ? title.trim() : null, language };
  }
  const id = fields['id'];
  if (typeof id !== 'string' || !DOCUMENT_ID.test(id)) throw new InvalidExportRequest(`Invalid \`id\` param: the ${kind} to export must be named by its document id.`);
  return { kind, id, language };
}
