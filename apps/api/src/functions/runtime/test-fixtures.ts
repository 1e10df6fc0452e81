import { fileURLToPath } from 'node:url';
import { functionDeclarationsSchema } from '../../schema/function-declarations.ts';
import { loadFunctions, type LoadedFunction } from '../load-functions.ts';

/** The folder that holds the test functions (apps/api/test/fixtures/functions). */
export const FIXTURE_FUNCTIONS = fileURLToPath(new URL('../../../test/fixtures/functions', import.meta.url));

/** One of the runtime test functions, declared as appwrite.json would declare it. */
export function fixtureFunction(entrypoint: string, declaration: Record<string, unknown> = {}): LoadedFunction {
  const id = `${entrypoint.replace(/\W/g, '-')}-${Object.keys(declaration).length}`;
  const declared = functionDeclarationsSchema.parse([{ $id: id, name: id, runtime: 'node-22', entrypoint, path: 'runtime', ...declaration }]);
  return loadFunctions(declared, FIXTURE_FUNCTIONS)[0]!;
}
