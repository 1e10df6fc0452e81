import type { MetaDescriptor } from 'react-router';
import type { MetaContext } from '../pages/page-module';
import type { Crumb } from '../components/ui/breadcrumbs';
import type { RouteMessages } from './route-messages';
import { breadcrumbList } from './seo/breadcrumb-list';
import { sharedStrings } from './shared-strings';
import { hreflangLinks, languagePath, ogLocale } from './seo/language-urls';
import { SHARE_IMAGE_SIZE, shareImagePath, SITE_CARD_REF, siteCard, type ShareCard, type ShareKind } from './share-image/share-card';

interface RootLike {
  siteName?: string;
  siteUrl?: string;
  projectId?: string;
  language?: string;
  languages?: string[];
  defaultLanguage?: string;
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
  const resources = { ...sharedStrings(root.language ?? 'en'), ...Object.fromEntries(routeMessages.map((messages) => [messages.namespace, messages.strings])) };
  return {
    siteName: root.siteName ?? '',
    siteUrl: root.siteUrl ?? '',
    projectId: root.projectId ?? '',
    pathname,
    language: root.language,
    languages: root.languages,
    defaultLanguage: root.defaultLanguage,
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

/** The page's generated share image: which record it is about and the card its meta function built. */
export interface PageShareCard {
  kind: ShareKind;
  ref: string;
  card: ShareCard;
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** A picture of the caller's choosing; without one the page is shared with its card (`shareCard`, else the site's). */
  image?: PageImage | null;
  shareCard?: PageShareCard;
  /** `profile` for a person's page; `website` otherwise. */
  type?: 'website' | 'profile';
  /** The crumbs the page's Breadcrumbs show: they become its schema.org BreadcrumbList. */
  breadcrumbs?: readonly Crumb[];
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

function shareImage(context: MetaContext, share: PageShareCard | undefined): PageImage {
  const { kind, ref, card } = share ?? { kind: 'site' as const, ref: SITE_CARD_REF, card: siteCard(context.t, context.siteName) };
  const language = context.language ?? context.defaultLanguage ?? 'en';
  return { url: `${context.siteUrl}${shareImagePath(kind, ref, language, card)}`, alt: card.alt, ...SHARE_IMAGE_SIZE };
}

/**
 * Everything a page tells search engines and link previews: title, description, the canonical URL
 * of this language's version with its hreflang alternates, Open Graph and Twitter card tags with a
 * share image, and schema.org JSON-LD (the page's own object, then its BreadcrumbList).
 */
export function pageMeta(context: MetaContext, page: PageMetaInput): MetaDescriptor[] {
  const { language, languages = [], defaultLanguage = language ?? '' } = context;
  const path = language ? languagePath(context.pathname, language, defaultLanguage) : context.pathname;
  const canonical = `${context.siteUrl}${path}`;
  const title = `${page.title} | ${context.siteName}`;
  const image = page.image ?? shareImage(context, page.shareCard);
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: canonical },
    { property: 'og:site_name', content: context.siteName },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:image', content: image.url },
    { property: 'og:image:alt', content: image.alt },
  ];
  if (image.width && image.height) {
    descriptors.push({ property: 'og:image:width', content: String(image.width) }, { property: 'og:image:height', content: String(image.height) });
  }
  if (language) {
    descriptors.push({ property: 'og:locale', content: ogLocale(language) });
    for (const other of languages) if (other !== language) descriptors.push({ property: 'og:locale:alternate', content: ogLocale(other) });
  }
  descriptors.push(
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.description },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
  );
  if (page.noindex) descriptors.push({ name: 'robots', content: 'noindex' });
  else if (language && languages.length > 1) descriptors.push(...hreflangLinks(context.siteUrl, context.pathname, languages, defaultLanguage));
  if (page.jsonLd) descriptors.push({ 'script:ld+json': { '@context': 'https://schema.org', ...page.jsonLd } });
  const trail = page.breadcrumbs ? breadcrumbList(page.breadcrumbs, context.siteUrl, canonical) : null;
  if (trail) descriptors.push({ 'script:ld+json': trail });
  return descriptors;
}
