import { param } from '../../core/params.ts';

/** The parameters every schema list takes, as Appwrite's do. */
export const listParams = {
  queries: param.queries({ description: 'Query strings (filters, orders, limit, offset, cursor).' }),
  search: param.string({ max: 256, description: 'Words matched against the entries.' }),
  total: param.boolean({ description: 'false: `total` is 0.' }),
};

/** Appwrite's base list validator lets every list be queried by these as well. */
export function queryable(...attributes: string[]): ReadonlySet<string> {
  return new Set(['$id', '$createdAt', '$updatedAt', ...attributes]);
}

export const databaseId = { databaseId: param.uid({ required: true, description: 'Database ID.' }) };
export const collectionAddress = { ...databaseId, collectionId: param.uid({ required: true, description: 'Collection ID.' }) };
export const tableAddress = { ...databaseId, tableId: param.uid({ required: true, description: 'Table ID.' }) };
export const keyParam = { key: param.string({ required: true, max: 255, description: 'Attribute, column or index key.' }) };
