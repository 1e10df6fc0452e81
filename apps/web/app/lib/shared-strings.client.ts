import type { Resource } from 'i18next';
import { hasSharedStrings, provideSharedStrings } from './shared-strings';

/**
 * Makes a language's shared strings available before anything renders with them: before hydration
 * (entry.client.tsx, which the page's preload link has already started fetching) and before a
 * navigation that switches language (the root's clientLoader). `path` is the server's
 * sharedStringsPath: its build, not the one compiled into the browser's scripts, names the file.
 */
export async function loadSharedStrings(language: string, path: string): Promise<void> {
  if (hasSharedStrings(language)) return;
  const response = await fetch(path);
  if (!response.ok) throw new Error(`The ${language} strings did not load (HTTP ${response.status}).`);
  provideSharedStrings(language, (await response.json()) as Resource[string]);
}
