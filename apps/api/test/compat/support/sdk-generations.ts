import * as appwrite17 from 'appwrite17';
import * as appwrite28 from 'appwrite28';
import { accountApi17, accountApi28, type AccountApi } from './account-api.ts';
import { avatarsApi17, avatarsApi28, type AvatarsApi } from './avatars-api.ts';
import { storageApi17, storageApi28, type StorageApi } from './storage-api.ts';

/** A document as both SDK generations return it (v28 also carries `$sequence`). */
export interface WireDocument {
  $id: string;
  $collectionId: string;
  $databaseId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  [attribute: string]: unknown;
}

export interface WireDocumentList {
  total: number;
  documents: WireDocument[];
}

/** The Databases calls the suite makes, in the positional form both generations accept. */
export interface DocumentsApi {
  listDocuments(databaseId: string, collectionId: string, queries?: string[]): Promise<WireDocumentList>;
  getDocument(databaseId: string, collectionId: string, documentId: string, queries?: string[]): Promise<WireDocument>;
  createDocument(databaseId: string, collectionId: string, documentId: string, data: object, permissions?: string[]): Promise<WireDocument>;
  updateDocument(databaseId: string, collectionId: string, documentId: string, data?: object, permissions?: string[]): Promise<WireDocument>;
  deleteDocument(databaseId: string, collectionId: string, documentId: string): Promise<unknown>;
}

type Value = string | number | boolean;

/** The Query builders the suite uses; the negations exist only in newer generations. */
export interface QueryBuilder {
  equal(attribute: string, value: Value | string[] | number[] | boolean[]): string;
  notEqual(attribute: string, value: Value): string;
  lessThan(attribute: string, value: Value): string;
  lessThanEqual(attribute: string, value: Value): string;
  greaterThan(attribute: string, value: Value): string;
  greaterThanEqual(attribute: string, value: Value): string;
  between(attribute: string, start: string | number, end: string | number): string;
  isNull(attribute: string): string;
  isNotNull(attribute: string): string;
  startsWith(attribute: string, value: string): string;
  endsWith(attribute: string, value: string): string;
  contains(attribute: string, value: string | string[]): string;
  search(attribute: string, value: string): string;
  select(attributes: string[]): string;
  orderAsc(attribute: string): string;
  orderDesc(attribute: string): string;
  cursorAfter(documentId: string): string;
  cursorBefore(documentId: string): string;
  limit(limit: number): string;
  offset(offset: number): string;
  and?(queries: string[]): string;
  or?(queries: string[]): string;
  notContains?(attribute: string, value: string | string[]): string;
  notSearch?(attribute: string, value: string): string;
  notBetween?(attribute: string, start: string | number, end: string | number): string;
  notStartsWith?(attribute: string, value: string): string;
  notEndsWith?(attribute: string, value: string): string;
}

export interface SdkError extends Error {
  code: number;
  type: string;
}

export interface SdkConnection {
  /** The `x-sdk-version` header the client sends. */
  sdkVersion: string;
  databases: DocumentsApi;
  account: AccountApi;
  /** URL builders; load the URLs with fetch. */
  avatars: AvatarsApi;
  /** Files in buckets: uploads (chunked above 5 MiB) and the view/download/preview URL builders. */
  storage: StorageApi;
  /** From now on acts as this session (`X-Appwrite-Session`), as `client.setSession` does. */
  setSession(token: string): SdkConnection;
  /** From now on sends this JWT (`X-Appwrite-JWT`), as `client.setJWT` does. */
  setJWT(jwt: string): SdkConnection;
  /** listDocuments with `total: false`; null when the generation has no such option. */
  listWithoutTotal: ((databaseId: string, collectionId: string, queries: string[]) => Promise<WireDocumentList>) | null;
}

export interface SdkGeneration {
  name: string;
  version: string;
  Query: QueryBuilder;
  ID: { unique(): string; custom(id: string): string };
  Permission: { read(role: string): string; write(role: string): string; update(role: string): string; delete(role: string): string };
  Role: { any(): string; guests(): string; user(id: string): string };
  AppwriteException: new (message: string, code?: number, type?: string, response?: string) => SdkError;
  /** Whether listDocuments takes `total` (v28); then connections offer listWithoutTotal. */
  hasTotalOption: boolean;
  /** Whether Account has listLogs (v17; v28 dropped it). */
  hasAccountLogs: boolean;
  /** Whether createJWT takes a duration (v28). */
  hasJwtDuration: boolean;
  connect(endpoint: string, project: string): SdkConnection;
}

const v17: SdkGeneration = {
  name: 'appwrite@17.0.2',
  version: '17.0.2',
  Query: appwrite17.Query,
  ID: appwrite17.ID,
  Permission: appwrite17.Permission,
  Role: appwrite17.Role,
  AppwriteException: appwrite17.AppwriteException,
  hasTotalOption: false,
  hasAccountLogs: true,
  hasJwtDuration: false,
  connect(endpoint, project) {
    const client = new appwrite17.Client().setEndpoint(endpoint).setProject(project);
    const connection: SdkConnection = {
      sdkVersion: client.headers['x-sdk-version'] ?? '',
      databases: new appwrite17.Databases(client) as unknown as DocumentsApi,
      account: accountApi17(client),
      avatars: avatarsApi17(client),
      storage: storageApi17(client),
      setSession: (token) => (client.setSession(token), connection),
      setJWT: (jwt) => (client.setJWT(jwt), connection),
      listWithoutTotal: null,
    };
    return connection;
  },
};

const v28: SdkGeneration = {
  name: 'appwrite@28.0.0',
  version: '28.0.0',
  Query: appwrite28.Query,
  ID: appwrite28.ID,
  Permission: appwrite28.Permission,
  Role: appwrite28.Role,
  AppwriteException: appwrite28.AppwriteException,
  hasTotalOption: true,
  hasAccountLogs: false,
  hasJwtDuration: true,
  connect(endpoint, project) {
    const client = new appwrite28.Client().setEndpoint(endpoint).setProject(project);
    const databases = new appwrite28.Databases(client);
    const connection: SdkConnection = {
      sdkVersion: client.headers['x-sdk-version'] ?? '',
      databases: databases as unknown as DocumentsApi,
      account: accountApi28(client),
      avatars: avatarsApi28(client),
      storage: storageApi28(client),
      setSession: (token) => (client.setSession(token), connection),
      setJWT: (jwt) => (client.setJWT(jwt), connection),
      listWithoutTotal: async (databaseId, collectionId, queries) =>
        (await databases.listDocuments({ databaseId, collectionId, queries, total: false })) as unknown as WireDocumentList,
    };
    return connection;
  },
};

export const sdkGenerations: readonly SdkGeneration[] = [v17, v28];

/** `Query.and`/`Query.or` when the generation has them, else the same JSON written by hand. */
export function logical(Query: QueryBuilder, method: 'and' | 'or', queries: string[]): string {
  const builder = Query[method];
  if (typeof builder === 'function') return builder(queries);
  return JSON.stringify({ method, values: queries.map((query) => JSON.parse(query)) });
}
