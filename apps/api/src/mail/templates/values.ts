import { formatDuration } from './duration.ts';
import type { MessageFields } from './kinds.ts';

/** What the catalogue's placeholders are filled with, for a message written in `language`. */
export function placeholderValues(fields: MessageFields, language: string): Record<string, string | undefined> {
  return {
    siteName: fields.siteName,
    userName: fields.userName,
    phrase: fields.phrase,
    teamName: fields.teamName,
    inviterName: fields.inviterName,
    code: fields.code,
    url: fields.url,
    expiry: formatDuration(fields.expiresInMinutes, language),
  };
}
