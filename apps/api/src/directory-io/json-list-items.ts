import { JSONParser } from '@streamparser/json';

export interface ListItem {
  /** The top-level key of the array the item is in (`persons`, `areas` …). */
  list: string;
  item: unknown;
  /** The item's JSON pointer (RFC 6901), e.g. `/persons/12`. */
  pointer: string;
}

/** Why a JSON document cannot be read (invalid JSON, or not an object of arrays). */
export class JsonDocumentError extends Error {}

function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The items of the top-level arrays named in `lists`, in document order, parsed as the text
 * streams in: each item is handed on and dropped (keepStack false), so memory holds one item and
 * one chunk, whatever the document's size. Other top-level values are read past.
 */
export async function* jsonListItems(chunks: AsyncIterable<string | Uint8Array>, lists: ReadonlySet<string>): AsyncGenerator<ListItem> {
  const parser = new JSONParser({ paths: ['$.*.*'], keepStack: false });
  let ready: ListItem[] = [];
  let failure: Error | undefined;
  let rootChecked = false;
  parser.onValue = ({ value, key, stack }) => {
    const root = stack[0]?.value;
    if (!rootChecked) {
      rootChecked = true;
      if (Array.isArray(root)) failure = new JsonDocumentError('a Popolo document is a JSON object of arrays ({"persons": [...], ...}), not an array');
    }
    const list = stack[1]?.key;
    if (typeof key !== 'number' || typeof list !== 'string' || !lists.has(list)) return;
    ready.push({ list, item: value, pointer: `/${pointerToken(list)}/${key}` });
  };
  parser.onError = (error) => {
    failure ??= new JsonDocumentError(`the file is not valid JSON: ${error.message}`);
  };
  for await (const chunk of chunks) {
    parser.write(chunk);
    if (failure) throw failure;
    const items = ready;
    ready = [];
    yield* items;
  }
  if (!parser.isEnded) parser.end();
  if (failure) throw failure;
  yield* ready;
}
