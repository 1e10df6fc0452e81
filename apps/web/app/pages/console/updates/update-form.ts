/** The form of "Send an update": field names, limits and the check that turns it into the `send-update` function's body. */

export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 20_000;

export const TOPIC_FIELD = 'topicId';
export const subjectField = (language?: string) => (language ? `subject_${language}` : 'subject');
export const contentField = (language?: string) => (language ? `content_${language}` : 'content');

/** Why a field is refused; the console's strings explain each (`updates.errors.*`). */
export type UpdateFieldError = 'required' | 'tooLong' | 'unknownTopic' | 'incomplete';

export interface UpdateWords {
  subject: string;
  content: string;
}

/** The body of an execution of `send-update`. */
export interface SendUpdateBody extends UpdateWords {
  topicId: string;
  translations?: Record<string, UpdateWords>;
}

export interface UpdateCheck {
  /** What was typed (trimmed), to fill the form again. */
  values: Record<string, string>;
  /** By field name; empty when the update can go. */
  errors: Record<string, UpdateFieldError>;
  body: SendUpdateBody | null;
}

function wordsError(value: string, max: number, required: boolean): UpdateFieldError | null {
  if (!value) return required ? 'required' : null;
  return value.length > max ? 'tooLong' : null;
}

/**
 * Reads and checks the form: a topic among `topicIds`, a subject and a text; each of `languages`
 * optional, but a version in one needs both its subject and its text.
 */
export function readUpdateForm(form: FormData, topicIds: readonly string[], languages: readonly string[]): UpdateCheck {
  const read = (name: string) => String(form.get(name) ?? '').trim();
  const values: Record<string, string> = {};
  const errors: Record<string, UpdateFieldError> = {};
  const check = (name: string, max: number, required: boolean) => {
    values[name] = read(name);
    const error = wordsError(values[name], max, required);
    if (error) errors[name] = error;
    return values[name];
  };

  values[TOPIC_FIELD] = read(TOPIC_FIELD);
  if (!values[TOPIC_FIELD]) errors[TOPIC_FIELD] = 'required';
  else if (!topicIds.includes(values[TOPIC_FIELD])) errors[TOPIC_FIELD] = 'unknownTopic';
  const subject = check(subjectField(), SUBJECT_MAX, true);
  const content = check(contentField(), CONTENT_MAX, true);

  const translations: Record<string, UpdateWords> = {};
  for (const language of languages) {
    const [subjectName, contentName] = [subjectField(language), contentField(language)];
    const words = { subject: check(subjectName, SUBJECT_MAX, false), content: check(contentName, CONTENT_MAX, false) };
    if (!words.subject && !words.content) continue;
    if (!words.subject) errors[subjectName] ??= 'incomplete';
    if (!words.content) errors[contentName] ??= 'incomplete';
    translations[language] = words;
  }

  if (Object.keys(errors).length > 0) return { values, errors, body: null };
  return { values, errors, body: { topicId: values[TOPIC_FIELD], subject, content, ...(Object.keys(translations).length ? { translations } : {}) } };
}

/** Paragraphs of a plain-text update, as the mail shows them (a blank line starts a new one). */
export function paragraphsOf(text: string): string[] {
  return text.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
}
