import { getUserPrefs } from './user-prefs-route.ts';

export const usersRoutes = [getUserPrefs];
