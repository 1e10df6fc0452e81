import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { modulesOfPage } from './page-bootstrap.server';
import { pageScriptsFor } from './page-scripts.server';

const route = (id: string, fields: Record<string, unknown>) => ({ id, module: `/assets/${id.replace('/', '-')}.js`, hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false, clientActionModule: undefined, clientLoaderModule: undefined, clientMiddlewareModule: undefined, hydrateFallbackModule: undefined, ...fields });

const manifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js', '/assets/site.js'] },
  url: '/assets/manifest.js',
  version: 'v1',
  routes: {
    root: route('root', { path: '', imports: ['/assets/site.js'] }),
    'routes/home': route('routes/home', { parentId: 'root', index: true }),
    'routes/districts': route('routes/districts', { parentId: 'root', path: 'districts' }),
    'routes/district-pages': route('routes/district-pages', { parentId: 'root', path: 'districts/*', clientLoaderModule: '/assets/district-pages-loader.js', imports: ['/assets/map.js'] }),
    'routes/console': route('routes/console', { parentId: 'root', path: 'console/*' }),
  },
};

function contextFor(pathname: string, matchedIds: string[], discovery: 'lazy' | 'initial' = 'lazy'): EntryContext {
  return {
    manifest,
    ssr: true,
    routeDiscovery: { mode: discovery, manifestPath: '/__manifest' },
    serverHandoffString: '{"basename":"/"}',
    staticHandlerContext: { basename: '/', location: { pathname }, matches: matchedIds.map((id) => ({ route: { id } })) },
  } as unknown as EntryContext;
}

const manifestOf = (bootstrap: string): { routes: Record<string, unknown> } => JSON.parse(/^window\.__reactRouterManifest=(\{.*?\});\(function/.exec(bootstrap)![1]!);

describe("a page's start-up scripts", () => {
  it("hand the browser this page's routes and those of the paths above it, and no other", () => {
    const scripts = pageScriptsFor(contextFor('/districts/Electoral-Area-in-x', ['root', 'routes/district-pages']));
    expect(Object.keys(manifestOf(scripts.bootstrap).routes).sort()).toEqual(['root', 'routes/district-pages', 'routes/districts', 'routes/home']);
    expect(scripts.context).toBe('window.__reactRouterContext={"basename":"/"};window.__reactRouterContext.stream=new ReadableStream({start(controller){window.__reactRouterContext.streamController=controller;}}).pipeThrough(new TextEncoderStream());');
  });

  it("import the matched routes' modules, a split route's chunks before its main module, then what they import, the entry last", () => {
    const scripts = pageScriptsFor(contextFor('/districts/Electoral-Area-in-x', ['root', 'routes/district-pages']));
    expect(modulesOfPage(scripts.bootstrap)).toEqual(['/assets/root.js', '/assets/district-pages-loader.js', '/assets/routes-district-pages.js', '/assets/react.js', '/assets/site.js', '/assets/map.js', '/assets/entry.js']);
  });

  it('refuse to run without lazy route discovery, which would need the whole manifest', () => {
    expect(() => pageScriptsFor(contextFor('/', ['root', 'routes/home'], 'initial'))).toThrow(/lazy route discovery/);
  });
});
