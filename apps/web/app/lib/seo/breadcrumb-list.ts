import type { BreadcrumbList, WithContext } from 'schema-dts';
import type { Crumb } from '../../components/ui/breadcrumbs';

/**
 * schema.org BreadcrumbList of the crumbs the page shows (the same array its Breadcrumbs
 * component gets), each with an absolute URL; the last one is the page itself. A crumb shown
 * without a link (a label such as "Nationwide") has no page to point at, so it is left out; a
 * trail shorter than two is no trail (null).
 */
export function breadcrumbList(crumbs: readonly Crumb[], siteUrl: string, pageUrl: string): WithContext<BreadcrumbList> | null {
  const linked = crumbs.flatMap((crumb, index) => {
    if (index === crumbs.length - 1) return [{ name: crumb.label, url: pageUrl }];
    return crumb.to ? [{ name: crumb.label, url: `${siteUrl}${crumb.to}` }] : [];
  });
  if (linked.length < 2) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: linked.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: crumb.url })),
  };
}
