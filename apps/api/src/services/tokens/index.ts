import { createFileToken, deleteToken, getToken, listFileTokens, updateToken } from './token-routes.ts';

export const tokensRoutes = [createFileToken, listFileTokens, getToken, updateToken, deleteToken];
