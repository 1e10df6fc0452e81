import { bucketReadRoutes } from './bucket-routes.ts';
import { databaseReadRoutes } from './database-routes.ts';
import { schemaChangeRoutes } from './schema-change-routes.ts';
import { structureReadRoutes } from './structure-routes.ts';

/** Appwrite's schema endpoints, served from appwrite.json: reads answer, changes are refused. */
export const schemaRoutes = [...databaseReadRoutes, ...structureReadRoutes, ...bucketReadRoutes, ...schemaChangeRoutes];
