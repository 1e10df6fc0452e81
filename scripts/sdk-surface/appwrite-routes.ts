import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The endpoints Appwrite's own server declares, read from a checkout of its source (facts only: method and path). */
export interface AppwriteRouteList {
  commit: string;
  /** `METHOD /path` under /v1, path params as `{name}`. */
  endpoints: string[];
}

export const APPWRITE_ROUTES_FILE = new URL('./appwrite-routes.json', import.meta.url);

const VERB_CONSTANT = /HTTP_REQUEST_METHOD_(GET|POST|PUT|PATCH|DELETE)/;
/** Lines worth reading (fixed strings for `git grep -F`); the regular expressions below take them apart. */
const DECLARATION_MARKS = ['Http::', "alias('/v1", "httpAlias('/v1", "setHttpPath('/v1", 'setHttpMethod('];

function braces(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/**
 * Walks every route declaration in file order: `Http::verb('/v1/…')` (controllers) or
 * `setHttpMethod(…)` then `setHttpPath('/v1/…')` (platform modules); aliases take the verb before them.
 */
export function readAppwriteRoutes(repository: string): AppwriteRouteList {
  const commit = execFileSync('git', ['-C', repository, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const output = execFileSync('git', ['-C', repository, 'grep', '-n', '-F', ...DECLARATION_MARKS.flatMap((mark) => ['-e', mark]), 'HEAD', '--', 'app', 'src'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const endpoints = new Set<string>();
  let file = '';
  let verb = '';
  for (const line of output.split('\n')) {
    const [, name, , text] = /^HEAD:([^:]+):(\d+):(.*)$/.exec(line) ?? [];
    if (name === undefined || text === undefined) continue;
    if (name !== file) {
      file = name;
      verb = '';
    }
    const controller = /Http::(get|post|put|patch|delete)\('\/v1([^']*)'/.exec(text);
    if (controller) {
      verb = controller[1]!.toUpperCase();
      endpoints.add(`${verb} ${braces(controller[2]!)}`);
      continue;
    }
    const constant = VERB_CONSTANT.exec(text);
    if (text.includes('setHttpMethod(') && constant) {
      verb = constant[1]!;
      continue;
    }
    const path = /(?:->alias|httpAlias|setHttpPath)\('\/v1([^']*)'/.exec(text);
    if (path && verb) endpoints.add(`${verb} ${braces(path[1]!)}`);
  }
  return { commit, endpoints: [...endpoints].sort() };
}

export function loadAppwriteRoutes(): AppwriteRouteList {
  return JSON.parse(readFileSync(APPWRITE_ROUTES_FILE, 'utf8')) as AppwriteRouteList;
}
