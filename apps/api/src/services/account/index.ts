import { activityRoutes } from './activity-routes.ts';
import { mfaRoutes } from './mfa-routes.ts';
import { oauthRoutes } from './oauth/oauth-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { tokenRoutes } from './token-routes.ts';

export const accountRoutes = [...profileRoutes, ...sessionRoutes, ...activityRoutes, ...tokenRoutes, ...mfaRoutes, ...oauthRoutes];
