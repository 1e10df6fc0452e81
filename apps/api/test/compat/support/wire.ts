import type { WireDocument } from './sdk-generations.ts';

/** Appwrite dates: ISO 8601, milliseconds, always a +00:00 offset. */
export const APPWRITE_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00$/;

/** Fields every document carries whatever `select` asks for. */
export const SYSTEM_FIELDS = ['$id', '$collectionId', '$databaseId', '$createdAt', '$updatedAt', '$permissions'];

export function idsOf(documents: readonly WireDocument[]): string[] {
  return documents.map((document) => document.$id);
}

export function attributeKeys(document: WireDocument): string[] {
  return Object.keys(document).filter((key) => !key.startsWith('$')).sort();
}
