import { createEmail } from './email-routes.ts';

export const messagingRoutes = [createEmail];
