import { getInitials, getQR } from './drawn-routes.ts';
import { getBrowser, getCreditCard, getFlag } from './icon-routes.ts';
import { getFavicon, getImage } from './remote-routes.ts';

/** GET /avatars/*: icons shipped with the server, pictures drawn on demand, and guarded remote fetches. */
export const avatarsRoutes = [getBrowser, getCreditCard, getFlag, getImage, getFavicon, getInitials, getQR];
