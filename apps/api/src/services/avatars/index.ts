import { getInitials, getQR } from './drawn-routes.ts';
import { getBrowser, getCreditCard, getFlag } from './icon-routes.ts';
import { getPhoto } from './photo-route.ts';
import { getFavicon, getImage } from './remote-routes.ts';
import { getScreenshot } from './screenshot-route.ts';

/** GET /avatars/*: icons shipped with the server, pictures drawn on demand (initials, QR, the user's photo), guarded remote fetches and page screenshots. */
export const avatarsRoutes = [getBrowser, getCreditCard, getFlag, getImage, getFavicon, getInitials, getQR, getPhoto, getScreenshot];
