import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One SDK method and the request it sends. */
export interface SdkEndpoint {
  service: string;
  method: string;
  http: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Under /v1, with `{param}` placeholders as the SDK writes them. */
  path: string;
}

const HTTP_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const NODE_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/** The installed copy at the workspace root (node-appwrite does not export its package.json for resolving). */
function packageDirectory(name: string): string {
  return join(NODE_MODULES, name);
}

/** The literal template a method starts its `apiPath` from (before its `.replace('{x}', …)` chain). */
function pathTemplate(initializer: ts.Expression): string | undefined {
  let expression = initializer;
  while (ts.isCallExpression(expression) && ts.isPropertyAccessExpression(expression.expression)) expression = expression.expression.expression;
  return ts.isStringLiteral(expression) ? expression.text : undefined;
}

/** `this.client.call('post', …)` and `this.client.chunkedUpload('post', …)` name the verb; a method that only builds a URL (previews, OAuth redirects) is a GET. */
function httpVerb(body: ts.Node): SdkEndpoint['http'] {
  let verb: string | undefined;
  const visit = (node: ts.Node): void => {
    if (verb) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const callee = node.expression;
      const first = node.arguments[0];
      if (['call', 'chunkedUpload'].includes(callee.name.text) && ts.isPropertyAccessExpression(callee.expression) && callee.expression.name.text === 'client' && first && ts.isStringLiteral(first) && HTTP_VERBS.has(first.text.toLowerCase())) {
        verb = first.text.toUpperCase();
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return (verb ?? 'GET') as SdkEndpoint['http'];
}

function apiPathOf(body: ts.Node): string | undefined {
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'apiPath' && node.initializer) {
      found = pathTemplate(node.initializer);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

function serviceName(className: string): string {
  return className.charAt(0).toLowerCase() + className.slice(1);
}

/** Every class method in the source that sends a request to the API. */
function endpointsInSource(fileName: string, text: string): SdkEndpoint[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const endpoints: SdkEndpoint[] = [];
  const visitClass = (className: string, members: ts.NodeArray<ts.ClassElement>): void => {
    for (const member of members) {
      if (!ts.isMethodDeclaration(member) || !member.body || !ts.isIdentifier(member.name)) continue;
      const path = apiPathOf(member.body);
      if (path === undefined) continue;
      endpoints.push({ service: serviceName(className), method: member.name.text, http: httpVerb(member.body), path });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) && node.name) visitClass(node.name.text, node.members);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isClassExpression(node.initializer)) visitClass(node.name.text, node.initializer.members);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return endpoints;
}

/** The web SDK ships one ESM bundle holding every service. */
export function webSdkEndpoints(packageName: string): SdkEndpoint[] {
  const file = join(packageDirectory(packageName), 'dist', 'esm', 'sdk.js');
  return endpointsInSource(file, readFileSync(file, 'utf8'));
}

/** The Node SDK ships one ESM file per service. */
export function nodeSdkEndpoints(packageName: string): SdkEndpoint[] {
  const directory = join(packageDirectory(packageName), 'dist', 'services');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.mjs'))
    .sort()
    .flatMap((name) => endpointsInSource(name, readFileSync(join(directory, name), 'utf8')));
}

export function sdkVersion(packageName: string): string {
  return (JSON.parse(readFileSync(join(packageDirectory(packageName), 'package.json'), 'utf8')) as { version: string }).version;
}
