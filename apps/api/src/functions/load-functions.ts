import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, relative, resolve, sep } from 'node:path';
import { SPECIFICATIONS, type FunctionDeclaration } from '../schema/function-declarations.ts';
import { SchemaError } from '../schema/project-schema.ts';

/** A declaration whose sources were found: what the worker pool runs. */
export interface LoadedFunction extends FunctionDeclaration {
  /** Absolute folder of the function's sources (the worker's cwd and its only readable code). */
  directory: string;
  /** Absolute path of the entry point inside `directory`. */
  entrypointPath: string;
  /** Stands in for Appwrite's deployment id: changes whenever the entry point's code does. */
  deploymentId: string;
  cpus: number;
  /** Memory ceiling in MB, from the specification. */
  memory: number;
}

const ENTRYPOINT_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts']);

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Finds every declared function's folder and entry point (paths are relative to the folder of
 * `appwrite.json`, as the Appwrite CLI writes them); a missing one stops start-up naming it.
 */
export function loadFunctions(declarations: FunctionDeclaration[], projectDir: string, source = 'appwrite.json'): LoadedFunction[] {
  const problems: string[] = [];
  const loaded: LoadedFunction[] = [];
  for (const declaration of declarations) {
    const label = `function "${declaration.$id}"`;
    const directory = resolve(projectDir, declaration.path);
    const entrypointPath = resolve(directory, declaration.entrypoint);
    const inside = relative(directory, entrypointPath);
    if (!isDirectory(directory)) {
      problems.push(`${label}: folder ${declaration.path} does not exist`);
    } else if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..') {
      problems.push(`${label}: entrypoint ${declaration.entrypoint} is outside its folder ${declaration.path}`);
    } else if (!ENTRYPOINT_EXTENSIONS.has(extname(entrypointPath))) {
      problems.push(`${label}: entrypoint ${declaration.entrypoint} must be a .js, .mjs, .cjs, .ts, .mts or .cts file`);
    } else if (!isFile(entrypointPath)) {
      problems.push(`${label}: entrypoint ${declaration.path}/${declaration.entrypoint} does not exist`);
    } else {
      const code = readFileSync(entrypointPath);
      const deploymentId = createHash('sha256').update(code).update(JSON.stringify(declaration)).digest('hex').slice(0, 20);
      const specification = SPECIFICATIONS[declaration.specification]!;
      loaded.push({ ...declaration, directory, entrypointPath, deploymentId, cpus: specification.cpus, memory: specification.memory });
    }
  }
  if (problems.length) throw new SchemaError(`${source} is not a valid schema:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  return loaded;
}
