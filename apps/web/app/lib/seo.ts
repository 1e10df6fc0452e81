import type { MetaDescriptor } from 'react-router';
import type { MetaContext } from '../pages/page-module';
import type { RouteMessages } from './route-messages';

interface RootLike {
  siteName?: string;
  siteUrl?: string;
  projectId?: string;
  resources?: Record<string, unknown>;
}

/** i18next-style lookup for meta functions, which cannot use hooks: `ns:path.to.key` and `{{name}}`. */
export function translateWith(resources: Record<string, unknown>, key: string, options: Record<string, unknown> = {}): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  let node: unknown = resources[namespace];
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(options[name] ?? ''));
}

/** `routeMessages`: the namespaces a route's loader sent (see useRouteMessages), for its title. */
export function metaContext(matches: readonly { id: string; data?: unknown }[], pathname: string, routeMessages: readonly RouteMessages[] = []): MetaContext {
  const root = (matches.find((match) => match.id === 'root')?.data ?? {}) as RootLike;
  const resources = { ...root.resources, ...Object.fromEntries(routeMessages.map((messages) => [messages.namespace, messages.strings])) };
  return {
    siteName: root.siteName ?? '',
    siteUrl: root.siteUrl ?? '',
    projectId: root.projectId ?? '',
    pathname,
    t: (key, options) => translateWith(resources, key, options),
  };
}

/** A picture that represents the page when it is shared (`og:image`); `url` is absolute. */
export interface PageImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/** Title, description, canonical URL, Open Graph (with an optional image) and optional schema.org JSON-LD for one page. */
export function pageMeta(context: MetaContext, page: { title: string; description: string; image?: PageImage | null; jsonLd?: Record<string, unknown>; noindex?: boolean }): MetaDescriptor[] {
  const canonical = `${context.siteUrl}${context.pathname}`;
  const title = `${page.title} | ${context.siteName}`;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:site_name', content: context.siteName },
    { property: 'og:type', content: 'website' },
  ];
  if (page.image) {
    descriptors.push({ property: 'og:image', content: page.image.url }, { property: 'og:image:alt', content: page.image.alt });
    if (page.image.width && page.image.height) {
      descriptors.push({ property: 'og:image:width', content: String(page.image.width) }, { property: 'og:image:height', content: String(page.image.height) });
    }
  }
  if (page.noindex) descriptors.push({ name: 'robots', content: 'noindex' });
  if (page.jsonLd) descriptors.push({ 'script:ld+json': { '@context': 'https://schema.org', ...page.jsonLd } });
  return descriptors;
}
