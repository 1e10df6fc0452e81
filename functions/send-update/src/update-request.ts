/** What the console's "Send an update" page posts: a topic, a subject and a body, with optional translations. */
export interface UpdateRequest {
  topicId: string;
  subject: string;
  content: string;
  translations?: Record<string, { subject: string; content: string }>;
}

export const SUBJECT_MAX = 200;
export const CONTENT_MAX = 20_000;
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const TOPIC_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

function text(value: unknown, name: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RequestError(`${name} must be a non-empty string.`);
  if (value.length > max) throw new RequestError(`${name} must be at most ${max} characters.`);
  return value.trim();
}

/** A refused request: its message is shown to the editor. */
export class RequestError extends Error {}

/** Checks the body and returns it trimmed; throws a RequestError naming the first problem. */
export function parseUpdateRequest(body: unknown): UpdateRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new RequestError('The body must be a JSON object with topicId, subject and content.');
  const record = body as Record<string, unknown>;
  if (typeof record['topicId'] !== 'string' || !TOPIC_ID.test(record['topicId'])) throw new RequestError('topicId must be a topic ID.');
  const request: UpdateRequest = { topicId: record['topicId'], subject: text(record['subject'], 'subject', SUBJECT_MAX), content: text(record['content'], 'content', CONTENT_MAX) };
  const translations = record['translations'];
  if (translations === undefined || translations === null) return request;
  if (typeof translations !== 'object' || Array.isArray(translations)) throw new RequestError('translations must be an object of {subject, content} per language.');
  const entries = Object.entries(translations as Record<string, unknown>);
  if (entries.length > 20) throw new RequestError('At most 20 translations.');
  request.translations = {};
  for (const [language, translation] of entries) {
    if (!LANGUAGE_TAG.test(language)) throw new RequestError(`"${language}" is not a language tag.`);
    const words = (translation ?? {}) as Record<string, unknown>;
    request.translations[language] = { subject: text(words['subject'], `translations.${language}.subject`, SUBJECT_MAX), content: text(words['content'], `translations.${language}.content`, CONTENT_MAX) };
  }
  return request;
}
