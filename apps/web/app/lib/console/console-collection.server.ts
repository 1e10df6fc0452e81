import { isConsoleCollection, type ConsoleCollectionId } from './collections';
import { consoleNotFound } from './editor-access.server';

/** The collection named in a console address, or the 404 page. */
export function consoleCollection(value: string | undefined): ConsoleCollectionId {
  return isConsoleCollection(value) ? value : consoleNotFound();
}
