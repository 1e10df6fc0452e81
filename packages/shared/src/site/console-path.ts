/**
 * The editors' console lives at an unguessable path; nothing public links to it. Import this only
 * from server modules and from the console's views (the chunk pages/console/view.tsx starts):
 * anywhere else it would be in JavaScript that every visitor downloads. The API names it too, for
 * the functions that mail editors a link into the console.
 */
export const CONSOLE_PATH = '/ieiwrhiwrhwiehhweiwieewewe';
