/**
 * Requests for every route of the registry, built from the route's own declaration: a path or
 * one of its aliases, the method, and a value for each declared parameter — valid, at a
 * boundary, hostile or left out — placed where the REST adapter reads it (path, query string,
 * JSON or multipart body). Nothing here names a route: a route added later is fuzzed too.
 */
import fc from 'fast-check';
import { pathParamNames, type RouteDefinition } from '../../src/core/route.ts';
import { alignWorld, type RawText } from './fuzz-values.ts';
import { hostileSegment, hostileString, hostileUrlText, hostileValue } from './hostile-values.ts';
import { bodyForm, byteRange, caller, extraQuery, multipartForm, oddHeaders, projectChoice, sessionChannel, type BodyForm, type Caller, type MultipartForm, type ProjectChoice, type SessionChannel } from './request-extras.ts';
import { mutatedValue } from './mutations.ts';
import { boundaryValue, kindOf, validValue, type ValueHints } from './schema-values.ts';

export type Location = 'path' | 'query' | 'body' | 'header';

export interface FuzzCase {
  route: RouteDefinition;
  /** The route's method, or now and then another one on the same path. */
  method: string;
  /** The path template used: the route's own or one of its aliases. */
  template: string;
  caller: Caller;
  channel: SessionChannel;
  /** Declared parameters; a missing key leaves the parameter out. */
  params: Record<string, unknown>;
  /** How arrays go into the query string: `a[]=`, `a[0]=` or `a=` repeated. */
  arrays: 'brackets' | 'indexed' | 'repeated';
  project: ProjectChoice;
  extraQuery: RawText[];
  headers: Record<string, string>;
  body: BodyForm;
  /** Only for multipart routes. */
  multipart: MultipartForm | undefined;
  /** Only for routes that answer bytes. */
  range: string | undefined;
}

/** Where the REST adapter reads a parameter from (as `prepareParams` in http/rest.ts does). */
export function locationOf(route: RouteDefinition, name: string, template: string): Location {
  if (route.params[name]?.header) return 'header';
  if (pathParamNames(template).includes(name)) return 'path';
  return route.method === 'GET' ? 'query' : 'body';
}

/** Extra hostile values by parameter name (malformed `queries`), on top of the generic ones. */
export type HostileHints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

function hostileFor(name: string, location: Location, extra: HostileHints): fc.Arbitrary<unknown> {
  const byName = extra[name];
  const generic = location === 'path' ? fc.oneof(hostileSegment, hostileString) : location === 'query' ? fc.oneof(hostileUrlText, hostileValue) : hostileValue;
  return byName ? fc.oneof(byName, generic) : generic;
}

const LEAVE_OUT = Symbol('leave out');

function paramValue(name: string, route: RouteDefinition, location: Location, hints: ValueHints, hostile: HostileHints, clean: boolean): fc.Arbitrary<unknown> {
  const definition = route.params[name]!;
  const valid = validValue(name, definition, hints);
  if (clean) return definition.required ? valid : fc.oneof(valid, fc.constant(LEAVE_OUT));
  const mutated = mutatedValue(valid, kindOf(definition), hints.objectKeys);
  return fc.oneof(
    { weight: 10, arbitrary: valid },
    { weight: 3, arbitrary: boundaryValue(name, definition, hints) },
    { weight: 4, arbitrary: hostileFor(name, location, hostile) },
    ...(mutated ? [{ weight: 3, arbitrary: mutated }] : []),
    { weight: 1, arbitrary: fc.constant(LEAVE_OUT) },
  );
}

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/**
 * One request for one route. A "clean" request has only valid values and ordinary headers (so
 * handlers run to the end and write); the others mix in boundary and hostile values, odd
 * headers, broken bodies and the odd wrong method.
 */
function routeCase(route: RouteDefinition, hints: ValueHints, hostile: HostileHints, clean: boolean): fc.Arbitrary<FuzzCase> {
  const templates = [route.path, ...(route.aliases ?? [])];
  const names = Object.keys(route.params);
  // One arbitrary per path spelling, built once: building them inside a chain would redo it for every request.
  return fc.oneof(...templates.map((template) => {
    const params = fc.record(Object.fromEntries(names.map((name) => [name, paramValue(name, route, locationOf(route, name, template), hints, hostile, clean)])));
    return fc
      .record({
        params,
        // Most requests name one coherent resource (its database, collection and document); the rest mix them.
        aligned: clean ? fc.constant(true) : fc.boolean(),
        worldIndex: fc.nat(9),
        method: clean ? fc.constant(route.method) : fc.oneof({ weight: 30, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
        caller,
        channel: clean ? fc.constant<SessionChannel>('cookie') : sessionChannel,
        arrays: fc.constantFrom('brackets' as const, 'indexed' as const, 'repeated' as const),
        project: clean ? fc.constant<ProjectChoice>({ kind: 'header' }) : projectChoice,
        extraQuery: clean ? fc.constant<RawText[]>([]) : fc.oneof({ weight: 3, arbitrary: fc.constant<RawText[]>([]) }, { weight: 1, arbitrary: extraQuery(names) }),
        headers: clean ? fc.constant({}) : oddHeaders,
        body: clean ? fc.constant<BodyForm>({ kind: 'json', contentType: 'application/json' }) : bodyForm,
        multipart: route.multipart ? (clean ? multipartForm.map((form) => ({ ...form, variant: 'ok' as const })) : multipartForm) : fc.constant(undefined),
        range: 'binary' in route.response ? byteRange : fc.constant(undefined),
      })
      .map(({ params: values, aligned, worldIndex, ...rest }): FuzzCase => ({
        route,
        template,
        params: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== LEAVE_OUT).map(([name, value]) => [name, aligned ? alignWorld(value, worldIndex) : value])),
        ...rest,
      }));
  }));
}

/** A request for any route of the list, each route as likely as any other. */
export function fuzzCase(routes: readonly RouteDefinition[], hints: ValueHints, hostile: HostileHints): fc.Arbitrary<FuzzCase> {
  const perRoute = routes.map((route) => fc.oneof(routeCase(route, hints, hostile, true), routeCase(route, hints, hostile, false)));
  return fc.oneof(...perRoute);
}
