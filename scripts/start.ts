/** `npm start`: builds the site when it is missing or older than its sources, then serves API and site on one port. */
import { buildWebIfNeeded } from './web-build.ts';

// React and React Router run their production code paths unless told otherwise.
process.env['NODE_ENV'] ??= 'production';
if (process.env['WEB_BUILD_DIR'] === undefined) buildWebIfNeeded();

await import('../apps/api/src/main.ts');
