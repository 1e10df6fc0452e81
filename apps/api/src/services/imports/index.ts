import { createImport, getImport, listImportRows, listImports, writeImport } from './import-routes.ts';

export const importsRoutes = [createImport, listImports, getImport, listImportRows, writeImport];
