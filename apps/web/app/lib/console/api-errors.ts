/** A failed save as the API explained it, and the field its message names (null: the whole form). */
export interface SaveProblem {
  field: string | null;
  message: string;
  type: string;
}

// `Missing required attribute "name"`, `Attribute "socialLinks['1']" has invalid format…`, `Unknown attribute: "x"`.
const NAMED_ATTRIBUTE = /attribute:? "([^"[]+)/i;

/**
 * The field an API error is about. Document-structure messages name the attribute; a duplicate
 * (`document_already_exists`, with a fresh unique id) can only be a unique index, so it goes to
 * that index's first attribute (a slug).
 */
export function problemField(message: string, type: string, keys: readonly string[], uniqueKeys: readonly string[]): string | null {
  const named = NAMED_ATTRIBUTE.exec(message)?.[1];
  if (named && keys.includes(named)) return named;
  if (type === 'document_already_exists') return uniqueKeys.find((key) => keys.includes(key)) ?? null;
  return null;
}
