import { z } from 'zod';
import type { DocumentModel } from '../databases/document-model.ts';

/** Appwrite's Row: a document seen through TablesDB, with `$tableId` where a document has `$collectionId`. */
export interface RowModel {
  $id: string;
  $sequence: string;
  $tableId: string;
  $databaseId: string;
  $createdAt: string;
  $updatedAt: string;
  $permissions: string[];
  [column: string]: unknown;
}

export function toRowModel(document: DocumentModel): RowModel {
  const { $collectionId, ...rest } = document;
  return { ...rest, $tableId: $collectionId };
}

export function toRowList(list: { total: number; documents: DocumentModel[] }): { total: number; rows: RowModel[] } {
  return { total: list.total, rows: list.documents.map(toRowModel) };
}

const row = z
  .looseObject({
    $id: z.string().describe('Row ID.'),
    $sequence: z.string().describe('Internal insertion sequence.'),
    $tableId: z.string(),
    $databaseId: z.string(),
    $createdAt: z.string().describe('ISO 8601 creation time.'),
    $updatedAt: z.string().describe('ISO 8601 time of the last update.'),
    $permissions: z.array(z.string()),
  })
  .describe('A row: system fields plus every column at the top level.');

/** Wire models for core/models.ts. */
export const rowModels = {
  Row: row,
  RowList: z.object({ total: z.number().int().describe('Matches, counted up to 5000.'), rows: z.array(row) }),
};
