import type { ComponentType } from 'react';
import type { MetaDescriptor } from 'react-router';
import { resolveFirst, type PathReading, type PatternName, type PatternParams } from '../lib/urls';
import type { MetaContext, PageMeta } from './page-module';

/**
 * The catch-all routes (routes/area-pages.tsx, routes/district-pages.tsx) serve several URL
 * patterns each. Each route lists, per pattern, the data its page loads (`Pages`: pattern name →
 * data type), how it loads (PatternLoaders, in the route's server loader) and what shows it
 * (PatternViews); the dispatch below is the one piece of code that walks those tables.
 */
export type PatternPages = { [Name in PatternName]?: unknown };

/** Per pattern: its page's data from the reading's params, or null when the entities it names do not exist. */
export type PatternLoaders<Pages extends PatternPages> = {
  [Name in keyof Pages & PatternName]: (request: Request, params: PatternParams<Name>) => Promise<Pages[Name] | null>;
};

/** Per pattern: the page module (view.tsx) that shows its data and writes its meta tags. */
export type PatternViews<Pages extends PatternPages> = {
  [Name in keyof Pages & PatternName]: { View: ComponentType<{ data: Pages[Name] }>; meta: PageMeta<Pages[Name]> };
};

/** What a catch-all route's loader returns: the pattern that read the path, and its page's data. */
export type PatternPage<Pages extends PatternPages> = { [Name in keyof Pages & PatternName]: { pattern: Name; data: Pages[Name] } }[keyof Pages & PatternName];

/** The first reading of the path (urls.ts orders them) whose pattern this route serves and whose entities exist. */
export function loadFirstPattern<Pages extends PatternPages>(request: Request, readings: readonly PathReading[], loaders: PatternLoaders<Pages>): Promise<PatternPage<Pages> | null> {
  return resolveFirst(readings, async (reading) => {
    if (!Object.hasOwn(loaders, reading.name)) return null;
    const load = loaders[reading.name as keyof PatternLoaders<Pages>] as (request: Request, params: PathReading['params']) => Promise<unknown>;
    const data = await load(request, reading.params);
    return data === null ? null : ({ pattern: reading.name, data } as PatternPage<Pages>);
  });
}

// The table pairs each pattern's view with its data's type; TypeScript cannot follow that pairing
// through a union, so the two lookups below are the one place that takes it on trust.
type AnyView = { View: ComponentType<{ data: unknown }>; meta: PageMeta<unknown> };

/** The meta tags of the page the loader chose. */
export function patternPageMeta<Pages extends PatternPages>(views: PatternViews<Pages>, page: { pattern: string; data: unknown }, context: MetaContext): MetaDescriptor[] {
  return (views[page.pattern as keyof PatternViews<Pages>] as AnyView).meta(page.data, context);
}

/** The page the loader chose. */
export function PatternPageView<Pages extends PatternPages>({ views, page }: { views: PatternViews<Pages>; page: { pattern: string; data: unknown } }) {
  const { View } = views[page.pattern as keyof PatternViews<Pages>] as AnyView;
  return <View data={page.data} />;
}
