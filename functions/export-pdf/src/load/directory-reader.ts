import { AppwriteException, Databases, ImageFormat, Query, Storage, type Client } from 'node-appwrite';

const DATABASE_ID = 'main';
const PAGE_SIZE = 1000;
/** The API caps the values of one query at 100. */
const IDS_PER_QUERY = 100;

export type Collection = 'regions' | 'subregions' | 'districts' | 'electoral_areas' | 'offices' | 'elections' | 'parties' | 'candidates' | 'events';

/** What the loaders need of the API: reads of the `main` database and small previews of pictures. */
export interface DirectoryReader {
  get<T>(collection: Collection, id: string, fields: readonly string[]): Promise<T | null>;
  /** Every matching document, page by page with a cursor, in the queries' order; stops reading once it holds more than `max`. */
  listAll<T extends { $id: string }>(collection: Collection, queries: readonly string[], max?: number): Promise<T[]>;
  byIds<T extends { $id: string }>(collection: Collection, ids: Iterable<string>, fields: readonly string[]): Promise<Map<string, T>>;
  /** A resized copy of a stored picture, or null when it is missing or unreadable. */
  preview(bucketId: string, fileId: string, size: number, format: 'png' | 'jpg'): Promise<Uint8Array | null>;
}

export function appwriteReader(client: Client): DirectoryReader {
  const databases = new Databases(client);
  const storage = new Storage(client);
  const list = async <T>(collection: Collection, queries: string[]): Promise<T[]> =>
    (await databases.listDocuments({ databaseId: DATABASE_ID, collectionId: collection, queries, total: false })).documents as unknown as T[];

  return {
    async get<T>(collection: Collection, id: string, fields: readonly string[]) {
      try {
        return (await databases.getDocument({ databaseId: DATABASE_ID, collectionId: collection, documentId: id, queries: [Query.select(['$id', ...fields])] })) as unknown as T;
      } catch (error) {
        if (error instanceof AppwriteException && error.code === 404) return null;
        throw error;
      }
    },
    async listAll<T extends { $id: string }>(collection: Collection, queries: readonly string[], max = Infinity) {
      const items: T[] = [];
      for (;;) {
        const last = items.at(-1);
        const page = await list<T>(collection, [...queries, ...(last ? [Query.cursorAfter(last.$id)] : []), Query.limit(PAGE_SIZE)]);
        items.push(...page);
        if (page.length < PAGE_SIZE || items.length > max) return items;
      }
    },
    async byIds<T extends { $id: string }>(collection: Collection, ids: Iterable<string>, fields: readonly string[]) {
      const unique = [...new Set(ids)].filter(Boolean);
      const chunks = Array.from({ length: Math.ceil(unique.length / IDS_PER_QUERY) }, (_, index) => unique.slice(index * IDS_PER_QUERY, (index + 1) * IDS_PER_QUERY));
      const pages = await Promise.all(chunks.map((chunk) => list<T>(collection, [Query.equal('$id', chunk), Query.select(['$id', ...fields]), Query.limit(chunk.length)])));
      return new Map(pages.flat().map((item) => [item.$id, item]));
    },
    async preview(bucketId, fileId, size, format) {
      try {
        const bytes = await storage.getFilePreview({ bucketId, fileId, width: size, height: size, output: format === 'png' ? ImageFormat.Png : ImageFormat.Jpg, quality: 80 });
        return new Uint8Array(bytes);
      } catch (error) {
        if (error instanceof AppwriteException && error.code >= 400 && error.code < 500) return null;
        throw error;
      }
    },
  };
}
