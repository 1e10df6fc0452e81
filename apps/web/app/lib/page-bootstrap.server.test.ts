import { runInThisContext, constants } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORTS_PER_TASK, modulesOfPage, pageBootstrapScript, scriptSafeJson } from './page-bootstrap.server';

/**
 * A module the script imports for real: `data:` URLs are loaded by Node's own loader. Each test's
 * modules are new ones (a module runs once per URL).
 */
let testRun = 0;
const moduleOf = (source: string): string => `data:text/javascript,${encodeURIComponent(`${source}\n// run ${testRun}`)}`;

function fakeBrowser(visibility: 'visible' | 'hidden') {
  const frames: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  const fakeWindow: Record<string, unknown> = {};
  const fakeDocument = { visibilityState: visibility, addEventListener: (type: string, listener: () => void) => (listeners[type] = listener) };
  Object.assign(globalThis, { window: fakeWindow, document: fakeDocument, requestAnimationFrame: (callback: () => void) => frames.push(callback) });
  return { frames, listeners, fakeWindow };
}

const run = (script: string): unknown => runInThisContext(script, { importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  testRun += 1;
  for (const name of ['window', 'document', 'requestAnimationFrame', '__entrySaw', '__dependenciesRan', '__dependenciesSeen']) Reflect.deleteProperty(globalThis, name);
});

/** What the page's modules did, in the order they ran. */
const ran = (): unknown => (globalThis as { __entrySaw?: unknown }).__entrySaw;
const dependenciesRan = (): unknown => (globalThis as { __dependenciesRan?: unknown }).__dependenciesRan;
const dependenciesSeenByEntry = (): unknown => (globalThis as { __dependenciesSeen?: unknown }).__dependenciesSeen;

const bootstrap = () =>
  pageBootstrapScript({
    manifest: { version: 'v1', routes: { root: { id: 'root' } } },
    routes: [
      { id: 'root', modules: [moduleOf('export const Layout = "layout";')] },
      { id: 'routes/region', modules: [moduleOf('export const clientLoader = "loader"; export const shared = "chunk";'), moduleOf('export default "page"; export const shared = "main";')] },
    ],
    // Modules the routes import, more than one task imports: all imported before the entry.
    dependencies: Array.from({ length: IMPORTS_PER_TASK * 2 }, (_, index) => moduleOf(`(globalThis.__dependenciesRan ??= []).push(${index});`)),
    // The entry records what it found published when it ran.
    entry: moduleOf('globalThis.__entrySaw = Object.keys(globalThis.window.__reactRouterRouteModules); globalThis.__dependenciesSeen = globalThis.__dependenciesRan.length;'),
  });

describe('the page bootstrap script', () => {
  it('hands over the manifest at once but imports nothing until a frame has been painted', async () => {
    const browser = fakeBrowser('visible');
    run(bootstrap());
    expect(browser.fakeWindow['__reactRouterManifest']).toEqual({ version: 'v1', routes: { root: { id: 'root' } } });
    await settle();
    expect(dependenciesRan()).toBeUndefined();
    expect(browser.fakeWindow['__reactRouterRouteModules']).toBeUndefined();

    expect(browser.frames).toHaveLength(1);
    browser.frames[0]!();
    await settle();
    expect(dependenciesSeenByEntry(), 'every dependency ran before the entry').toBe(IMPORTS_PER_TASK * 2);
    const modules = browser.fakeWindow['__reactRouterRouteModules'] as Record<string, Record<string, unknown>>;
    expect(modules['root']!['Layout']).toBe('layout');
    // A route split into chunks is one module again, its main module winning a shared name.
    expect({ ...modules['routes/region'] }).toEqual({ clientLoader: 'loader', default: 'page', shared: 'main' });
    expect(ran()).toEqual(['root', 'routes/region']);
  });

  it('starts once only, even when the tab is hidden before the frame comes', async () => {
    const browser = fakeBrowser('visible');
    run(bootstrap());
    browser.listeners['visibilitychange']!();
    await settle();
    expect(ran()).toEqual(['root', 'routes/region']);
    const published = browser.fakeWindow['__reactRouterRouteModules'];
    browser.frames[0]!();
    await settle();
    expect(browser.fakeWindow['__reactRouterRouteModules'], 'the routes were not published again').toBe(published);
  });

  it('starts at once in a hidden tab, which paints no frame', async () => {
    const browser = fakeBrowser('hidden');
    run(bootstrap());
    await settle();
    expect(browser.frames).toEqual([]);
    expect(ran()).toEqual(['root', 'routes/region']);
  });
});

describe('JSON inside an inline script', () => {
  it('cannot end the script or hide a comment in it, and reads back the same', () => {
    const hostile = { path: '</script><script>alert(1)</script>', comment: '<!-- x -->', separators: '\u2028\u2029', amp: 'a&b' };
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe('reading a page\'s modules back', () => {
  it('lists the routes\' modules, then the others once each, then the entry', () => {
    const script = pageBootstrapScript({
      manifest: { routes: { other: { module: '/assets/other.js' } } },
      routes: [
        { id: 'root', modules: ['/assets/root.js'] },
        { id: 'routes/page', modules: ['/assets/page-loader.js', '/assets/page.js'] },
      ],
      dependencies: ['/assets/entry.js', '/assets/root.js', '/assets/site.js', '/assets/site.js'],
      entry: '/assets/entry.js',
    });
    expect(modulesOfPage(`<html><body><script>${script}</script></body></html>`)).toEqual(['/assets/root.js', '/assets/page-loader.js', '/assets/page.js', '/assets/site.js', '/assets/entry.js']);
    expect(modulesOfPage('<html><body>no scripts</body></html>')).toEqual([]);
  });
});
