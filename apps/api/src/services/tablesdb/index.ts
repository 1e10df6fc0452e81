import { createDocument, deleteDocument, getDocument, listDocuments, updateDocument } from '../databases/document-routes.ts';
import { upsertDocument } from '../databases/document-upsert-route.ts';
import { decrementDocumentAttribute, incrementDocumentAttribute } from '../databases/document-counter-routes.ts';
import type { RouteDefinition } from '../../core/route.ts';
import { rowRouteOf } from './row-routes.ts';

/** The document routes TablesDB mirrors, listed by name so routes added to Databases later are not mirrored by accident. */
const mirrored = [listDocuments, createDocument, getDocument, updateDocument, upsertDocument, deleteDocument, incrementDocumentAttribute, decrementDocumentAttribute] as unknown as RouteDefinition[];

export const tablesDbRoutes = mirrored.map(rowRouteOf);
