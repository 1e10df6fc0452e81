/**
 * The page's start-up script (decision 045), built on the server only, so its code stays out of
 * the browser's bundles (lib/page-scripts.server.ts gives it a page's modules). A classic inline
 * script: it hands React Router the matched routes' part of the manifest at once, and starts the
 * page's script modules only once the server-rendered page has painted — a frame later, or at
 * once when the tab is hidden and paints nothing. Then it imports every module the page runs (the
 * routes' modules and all they import, so that nothing waits for a parent module to name its
 * imports), a few per task, publishes the routes' modules where React Router's entry looks for
 * them, and imports the entry, which hydrates.
 *
 * `import()` rather than `<link rel="modulepreload">`: appending a modulepreload link cost Chromium
 * about 1 ms of main thread each (measured, 4.5 ms at a phone's 4× slowdown), an `import()` call
 * almost nothing; and modules imported separately are evaluated in separate tasks as they arrive,
 * not in one long task when the last of them does.
 */

/** One matched route's modules; a route split into chunks merges them, the main module last. */
export interface RouteModuleChunks {
  id: string;
  modules: readonly string[];
}

export interface PageBootstrap {
  /** What React Router's entry reads as `window.__reactRouterManifest`. */
  manifest: unknown;
  routes: readonly RouteModuleChunks[];
  /** Every other module the page runs, imported alongside the routes' modules. */
  dependencies: readonly string[];
  entry: string;
}

/**
 * JSON that is safe inside an inline <script>: no `</script>`, `<!--` or line separators that would
 * end the script or the string early.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function routeModulesExpression(routes: readonly RouteModuleChunks[]): string {
  let next = 0;
  const entries = routes.map(({ id, modules }) => {
    const indexes = modules.map(() => next++);
    const value = indexes.length === 1 ? `m[${indexes[0]}]` : `Object.assign({},${indexes.map((index) => `m[${index}]`).join(',')})`;
    return `${scriptSafeJson(id)}:${value}`;
  });
  return `{${entries.join(',')}}`;
}

/** How many `import()` calls one task makes before letting the page respond again. */
export const IMPORTS_PER_TASK = 4;

export function pageBootstrapScript({ manifest, routes, dependencies, entry }: PageBootstrap): string {
  const routeModules = routes.flatMap((route) => route.modules);
  const others = [...new Set(dependencies)].filter((module) => module !== entry && !routeModules.includes(module));
  // The routes' modules come first, so that m[i] in routeModulesExpression is the i-th of them.
  const modules = [...routeModules, ...others];
  return [
    `window.__reactRouterManifest=${scriptSafeJson(manifest)};`,
    '(function(d,w){',
    `var modules=${scriptSafeJson(modules)},loading=[],started=false;`,
    // Each import() call costs the main thread a little; a few per task keeps every task short.
    'function importSome(){',
    `modules.slice(loading.length,loading.length+${IMPORTS_PER_TASK}).forEach(function(m){loading.push(import(m));});`,
    'if(loading.length<modules.length){setTimeout(importSome,0);return;}',
    `Promise.all(loading).then(function(m){w.__reactRouterRouteModules=${routeModulesExpression(routes)};return import(${scriptSafeJson(entry)});});`,
    '}',
    'function start(){if(!started){started=true;importSome();}}',
    'if(d.visibilityState==="hidden"){start();}',
    'else{requestAnimationFrame(function(){setTimeout(start,0);});d.addEventListener("visibilitychange",start,{once:true});}',
    '})(document,window);',
  ].join('');
}

/**
 * The script modules a page's HTML will load, entry last, read back from its bootstrap script (for
 * tests and the first-load budget). Empty for a page without one.
 */
export function modulesOfPage(html: string): string[] {
  const modules = /var modules=(\[[^\]]*\])/.exec(html)?.[1];
  const entry = /return import\(("[^"]+")\)/.exec(html)?.[1];
  if (!modules || !entry) return [];
  return [...(JSON.parse(modules) as string[]), JSON.parse(entry) as string];
}
