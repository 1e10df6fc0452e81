/**
 * The source of a change to the directory: a web address (a gazette, a party's list, a news
 * story) or a short note ("phoned the returning officer"). Clients send it with a write in the
 * `X-Ballot-Source` header; the server keeps it in the change's history record.
 */

export const SOURCE_HEADER = 'X-Ballot-Source';
export const SOURCE_MAX_LENGTH = 2000;

/** RFC 8187's prefix for a header value that is percent-encoded UTF-8 (fetch cannot send other bytes). */
const UTF8_PREFIX = "UTF-8''";

export type SourceProblem = 'too_long' | 'control_characters';

/** What is wrong with a source, or null when it may be kept (the empty source included). */
export function sourceProblem(source: string): SourceProblem | null {
  if ([...source].length > SOURCE_MAX_LENGTH) return 'too_long';
  // Line breaks, tabs, escapes and the C1 block: a source is one line of visible text.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(source)) return 'control_characters';
  return null;
}

/** A source the site may link to: an absolute http(s) address. Anything else is a note, shown as text. */
export function isSourceUrl(source: string): boolean {
  if (/\s/.test(source) || !URL.canParse(source)) return false;
  const url = new URL(source);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}

/** The header value that carries `source`: printable ASCII as it is, anything else as `UTF-8''` and percent-encoding. */
export function encodeSourceHeader(source: string): string {
  return /^[\x20-\x7e]*$/.test(source) && !source.toUpperCase().startsWith(UTF8_PREFIX) ? source : `${UTF8_PREFIX}${encodeURIComponent(source)}`;
}

/** The source a header value carries; null when its percent-encoding is broken. */
export function decodeSourceHeader(value: string): string | null {
  if (!value.toUpperCase().startsWith(UTF8_PREFIX)) return value;
  try {
    return decodeURIComponent(value.slice(UTF8_PREFIX.length));
  } catch {
    return null;
  }
}
