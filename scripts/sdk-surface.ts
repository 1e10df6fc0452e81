/**
 * `npm run sdk-surface [-- --write] [-- --appwrite-source <git dir>]`: lists every method of the
 * appwrite 28 web SDK and node-appwrite with its HTTP call, and whether the route registry serves it.
 * Prints the Markdown; --write updates README.md's "SDK 28 coverage" section and the server's
 * list of not-implemented endpoints. --appwrite-source first re-reads Appwrite's own route list
 * from a checkout of its source (otherwise the checked-in scripts/sdk-surface/appwrite-routes.json is used).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { APPWRITE_ROUTES_FILE, readAppwriteRoutes } from './sdk-surface/appwrite-routes.ts';
import { NOT_IMPLEMENTED_FILE } from '../apps/api/src/http/not-implemented.ts';
import { buildSurfaceReport, withSurfaceSection } from './sdk-surface/report.ts';

const { values } = parseArgs({ options: { write: { type: 'boolean', default: false }, 'appwrite-source': { type: 'string' } } });
const source = values['appwrite-source'];
if (source !== undefined) {
  if (!existsSync(source)) throw new Error(`--appwrite-source ${source} does not exist`);
  writeFileSync(APPWRITE_ROUTES_FILE, `${JSON.stringify(readAppwriteRoutes(source), null, 2)}\n`);
}
const report = buildSurfaceReport();
if (values.write) {
  const readmeFile = new URL('../README.md', import.meta.url);
  writeFileSync(readmeFile, withSurfaceSection(readFileSync(readmeFile, 'utf8'), report.markdown));
  writeFileSync(NOT_IMPLEMENTED_FILE, `${JSON.stringify(report.notImplemented, null, 2)}\n`);
  console.log(`README.md and ${NOT_IMPLEMENTED_FILE.pathname} updated (${report.notImplemented.length} not-implemented endpoints)`);
} else {
  console.log(report.markdown);
}
