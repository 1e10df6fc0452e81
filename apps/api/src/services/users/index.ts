import { getUserPrefs } from './user-prefs-route.ts';
import { createUser, deleteUser, getUser, listUsers } from './user-routes.ts';
import { userSessionRoutes } from './user-session-routes.ts';
import { userUpdateRoutes } from './user-update-routes.ts';

export const usersRoutes = [listUsers, createUser, getUser, deleteUser, getUserPrefs, ...userUpdateRoutes, ...userSessionRoutes];
