import { getChange, getLatestChange, listChanges, revertChange } from './history-routes.ts';

export const historyRoutes = [listChanges, getChange, revertChange, getLatestChange];
