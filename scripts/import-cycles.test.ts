/**
 * No module imports itself through others (style.md, rule 11). Type-only imports count too: when
 * two modules need the same type, it lives in a third that both import.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import madge from 'madge';
import { expect, it } from 'vitest';

const SOURCE_ROOTS = ['apps', 'packages', 'functions', 'bench', 'scripts'];
/** Generated (route types, builds) or installed: not ours to shape. */
const NOT_SOURCE = new Set(['.react-router', 'build', 'node_modules', 'data']);

const VITE_ASSET_IMPORT = /\?(url|raw|inline)$/;

/** Each root's entries two levels down, leaving out generated folders (madge walks the rest). */
function sourcePaths(): string[] {
  const below = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => !NOT_SOURCE.has(entry.name))
      .map((entry) => join(dir, entry.name) + (entry.isDirectory() ? '/' : ''));
  return SOURCE_ROOTS.flatMap((root) => below(root).flatMap((path) => (path.endsWith('/') ? below(path) : [path])));
}

it('finds no import cycle in apps, packages, functions, bench or scripts', async () => {
  const graph = await madge(sourcePaths(), { fileExtensions: ['ts', 'tsx'] });
  // A relative import madge could not follow would hide any cycle through it. Vite's asset imports
  // (`./app.css?url`: the file's URL) import nothing and are not files by that name.
  const unfollowed = graph.warnings().skipped.filter((path) => (path.startsWith('.') || path.startsWith('/')) && !VITE_ASSET_IMPORT.test(path));
  expect(unfollowed).toEqual([]);
  expect(graph.circular().map((cycle) => cycle.join(' → '))).toEqual([]);
}, 180_000);
