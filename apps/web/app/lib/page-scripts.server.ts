import { matchRoutes, type EntryContext, type RouteObject } from 'react-router';
import { pageBootstrapScript, type RouteModuleChunks } from './page-bootstrap.server';
import type { PageScriptTexts } from './page-scripts-context';

type Manifest = EntryContext['manifest'];

/** Creates the ReadableStream React Router's streamed loader data is written into, as `<Scripts>` does. */
const STREAM_SETUP =
  'window.__reactRouterContext.stream=new ReadableStream({start(controller){window.__reactRouterContext.streamController=controller;}}).pipeThrough(new TextEncoderStream());';

function routeChunks(manifest: Manifest, routeId: string): RouteModuleChunks {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`Route ${routeId} is not in the build's manifest`);
  const split = [route.clientActionModule, route.clientLoaderModule, route.clientMiddlewareModule, route.hydrateFallbackModule].filter((module) => module !== undefined);
  return { id: routeId, modules: [...split, route.module] };
}

const routeTrees = new WeakMap<Manifest['routes'], RouteObject[]>();

/** The build's routes as a tree React Router can match paths against; built once per build. */
function routeTree(manifestRoutes: Manifest['routes']): RouteObject[] {
  const known = routeTrees.get(manifestRoutes);
  if (known) return known;
  const routes = Object.values(manifestRoutes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, path: route.path, index: true, caseSensitive: route.caseSensitive } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) }));
  const tree = childrenOf(undefined);
  routeTrees.set(manifestRoutes, tree);
  return tree;
}

/**
 * The routes of this page and of every path above it: what the browser needs to hydrate and to
 * follow a link up the hierarchy without asking the server; other routes are discovered on the way
 * (decision 008 keeps the console's routes out of public pages). What React Router's `<Scripts>`
 * inlines with lazy route discovery.
 */
function initialManifest({ sri, ...manifest }: Manifest, pathname: string, basename: string, routeIds: readonly string[]): Manifest {
  const ids = new Set(routeIds);
  const segments = pathname.split('/').filter(Boolean);
  const ancestors = segments.slice(0, -1).map((_, index) => `/${segments.slice(0, index + 1).join('/')}`);
  const tree = routeTree(manifest.routes);
  for (const path of ['/', ...ancestors]) for (const match of matchRoutes(tree, path, basename) ?? []) ids.add(match.route.id!);
  const routes = Object.fromEntries([...ids].flatMap((id) => (manifest.routes[id] ? [[id, manifest.routes[id]]] : [])));
  return { ...manifest, routes, sri: sri ? true : undefined };
}

function modulesToImport(manifest: Manifest, chunks: readonly RouteModuleChunks[]): string[] {
  const imports = chunks.flatMap(({ id }) => manifest.routes[id]?.imports ?? []);
  return [...new Set([...manifest.entry.imports, ...imports])];
}

/** The two inline scripts of a page React Router renders with `context` (entry.server.tsx). */
export function pageScriptsFor(context: EntryContext): PageScriptTexts {
  // With `routeDiscovery: initial` the browser would need the whole manifest, which this does not send.
  if (context.routeDiscovery.mode !== 'lazy' || !context.ssr) throw new Error('The page scripts need server rendering with lazy route discovery');
  const { manifest, staticHandlerContext, serverHandoffString } = context;
  if (serverHandoffString === undefined) throw new Error('React Router gave the server render no hand-off for the browser');
  const routes = staticHandlerContext.matches.map((match) => routeChunks(manifest, match.route.id));
  return {
    context: `window.__reactRouterContext=${serverHandoffString};${STREAM_SETUP}`,
    bootstrap: pageBootstrapScript({
      manifest: initialManifest(manifest, staticHandlerContext.location.pathname, staticHandlerContext.basename ?? '/', routes.map((route) => route.id)),
      routes,
      dependencies: modulesToImport(manifest, routes),
      entry: manifest.entry.module,
    }),
  };
}
