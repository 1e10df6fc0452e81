import { fileRoutes } from './file-routes.ts';

export const storageRoutes = [...fileRoutes];
