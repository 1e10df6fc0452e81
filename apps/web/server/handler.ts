import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type ServerBuild } from 'react-router';

/** The site as a Fetch handler, for whichever HTTP server hosts it (the API's, by default). */
export async function loadWebHandler(buildDirectory: string): Promise<(request: Request) => Promise<Response>> {
  const build = (await import(pathToFileURL(join(buildDirectory, 'server', 'index.js')).href)) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  return (request) => handler(request);
}
