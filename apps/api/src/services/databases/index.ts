import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from './document-routes.ts';
import { upsertDocument } from './document-upsert-route.ts';
import { decrementDocumentAttribute, incrementDocumentAttribute } from './document-counter-routes.ts';

export const databasesRoutes = [listDocuments, createDocument, getDocument, updateDocument, upsertDocument, deleteDocument, incrementDocumentAttribute, decrementDocumentAttribute];
