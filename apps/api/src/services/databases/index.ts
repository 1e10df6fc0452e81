import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from './document-routes.ts';

export const databasesRoutes = [listDocuments, createDocument, getDocument, updateDocument, deleteDocument];
