import type { MetaDescriptor } from 'react-router';

/** What the catch-all routes need from a page that lives behind a URL pattern. */
export interface MetaContext {
  siteName: string;
  siteUrl: string;
  /** For media URLs (see lib/media.ts). */
  projectId: string;
  pathname: string;
  /** The language this response is in, those the site serves and its default (for hreflang and og:locale); absent in contexts built by hand. */
  language?: string;
  languages?: readonly string[];
  defaultLanguage?: string;
  t: (key: string, options?: Record<string, unknown>) => string;
}

export type PageMeta<D> = (data: D, context: MetaContext) => MetaDescriptor[];
