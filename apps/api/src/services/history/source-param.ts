import { z } from 'zod';
import { decodeSourceHeader, SOURCE_HEADER, SOURCE_MAX_LENGTH, sourceProblem } from '@ballot-atlas/shared/history/change-source';
import type { ParamDefinition } from '../../core/params.ts';

const MESSAGE =
  `Value must be a web address or a note of at most ${SOURCE_MAX_LENGTH} characters on one line, without control characters; ` +
  "send text that is not printable ASCII as UTF-8'' followed by its percent-encoded UTF-8 bytes.";

/**
 * The header's text. Node reads header bytes as Latin-1, so raw UTF-8 (curl) arrives as one
 * character per byte and is read back as UTF-8 here; bytes that are not UTF-8 make it unreadable.
 */
function headerText(value: string): string | null {
  const decoded = decodeSourceHeader(value);
  if (decoded === null || !/[\u0080-\u00ff]/.test(decoded) || decoded !== value) return decoded;
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? null : utf8;
}

const schema = z.string({ error: MESSAGE }).transform((value, context) => {
  const text = headerText(value)?.trim() ?? null;
  if (text === null || !text.isWellFormed() || sourceProblem(text)) {
    context.addIssue({ code: 'custom', message: MESSAGE });
    return z.NEVER;
  }
  return text;
});

/** The `X-Ballot-Source` header of a write: where the change comes from, kept in its history record. */
export function sourceHeader(description: string): ParamDefinition<typeof schema> & { required: false } {
  return { schema, required: false, description, header: SOURCE_HEADER };
}
