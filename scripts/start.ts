/** `npm start`: builds the site when it is missing or older than its sources, then serves API and site on one port. */
import cluster from 'node:cluster';
import { buildWebIfNeeded } from './web-build.ts';

// React and React Router run their production code paths unless told otherwise.
process.env['NODE_ENV'] ??= 'production';
// Cluster workers (WORKERS > 1) run this file again: the primary has built the site, and a replacement
// worker must not rebuild it under the others' feet.
if (process.env['WEB_BUILD_DIR'] === undefined && cluster.isPrimary) buildWebIfNeeded();

await import('../apps/api/src/main.ts');
