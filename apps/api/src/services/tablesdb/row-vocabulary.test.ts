import { describe, expect, it } from 'vitest';
import { AppwriteError } from '../../core/errors.ts';
import { routes } from '../../core/registry.ts';
import { asRowError, inRowWords, rowPath, rowRouteId } from './row-vocabulary.ts';

describe('TablesDB words', () => {
  it('maps paths segment by segment, never inside a segment', () => {
    expect(rowPath('/databases/{databaseId}/collections/{collectionId}/documents/{documentId}/{attribute}/increment')).toBe('/tablesdb/{databaseId}/tables/{tableId}/rows/{rowId}/{column}/increment');
    expect(rowPath('/databases/transactions/{documentsId}')).toBe('/tablesdb/transactions/{documentsId}');
  });

  it('names routes as SDK 28 names the TablesDB methods', () => {
    expect(['listDocuments', 'getDocument', 'upsertDocument', 'incrementDocumentAttribute', 'decrementDocumentAttribute'].map((method) => rowRouteId(`databases.${method}`))).toEqual([
      'tablesDB.listRows', 'tablesDB.getRow', 'tablesDB.upsertRow', 'tablesDB.incrementRowColumn', 'tablesDB.decrementRowColumn',
    ]);
  });

  it('rewords prose by whole words', () => {
    expect(inRowWords("Update some attributes of a document; the collection's update permission.")).toBe("Update some columns of a row; the table's update permission.");
  });

  it('gives document errors their row type, with the row default message when the document one was the default', () => {
    const notFound = asRowError(new AppwriteError('document_not_found')) as AppwriteError;
    expect({ type: notFound.type, code: notFound.code, message: notFound.message }).toEqual({ type: 'row_not_found', code: 404, message: 'Row with the requested ID could not be found.' });
    const structure = asRowError(new AppwriteError('document_invalid_structure', 'Invalid document structure: Unknown attribute: "x"')) as AppwriteError;
    expect({ type: structure.type, message: structure.message }).toEqual({ type: 'row_invalid_structure', message: 'Invalid document structure: Unknown attribute: "x"' });
    const limit = asRowError(new AppwriteError('attribute_limit_exceeded', 'databases "count" has reached the maximum value of 3')) as AppwriteError;
    expect({ type: limit.type, message: limit.message }).toEqual({ type: 'column_limit_exceeded', message: 'tablesDB "count" has reached the maximum value of 3' });
    const unchanged = new AppwriteError('user_unauthorized');
    expect(asRowError(unchanged)).toBe(unchanged);
  });

  it('registers every row route with the document route\'s scope, limits and params under row names', () => {
    const byId = new Map(routes.map((route) => [route.id, route]));
    const upsertRow = byId.get('tablesDB.upsertRow')!;
    const upsertDocument = byId.get('databases.upsertDocument')!;
    expect(upsertRow).toMatchObject({ method: 'PUT', path: '/tablesdb/{databaseId}/tables/{tableId}/rows/{rowId}', scope: upsertDocument.scope, abuse: upsertDocument.abuse, response: { status: 200, model: 'Row' } });
    expect(Object.keys(upsertRow.params)).toEqual(Object.keys(upsertDocument.params).map((name) => ({ collectionId: 'tableId', documentId: 'rowId' })[name] ?? name));
    expect(byId.get('tablesDB.listRows')?.response).toEqual({ status: 200, model: 'RowList' });
    expect(Object.keys(byId.get('tablesDB.incrementRowColumn')!.params)).toContain('column');
  });
});
