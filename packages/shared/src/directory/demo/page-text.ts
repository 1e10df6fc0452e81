// Shape of the Markdown content of the three static pages, per language.

export const PAGE_SLUGS = ['about', 'privacy-policy', 'terms-and-conditions'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export interface PageText {
  title: string;
  body: string;
}

export type PageTexts = Record<PageSlug, PageText>;
