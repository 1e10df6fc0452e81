import { Query } from 'appwrite';
import { listPage } from '../../lib/directory/query.server';
import type { Page } from '../../lib/directory/types';
import { siteEnv } from '../../lib/env.server';
import { requestLanguage } from '../../lib/i18n.server';
import { pageNotFound } from '../../lib/not-found.server';
import { readContent, type ContentDocument } from './document.server';
import { contentSlugOf } from './slugs';

export interface ContentData extends ContentDocument {
  slug: string;
  title: string;
  /** The language of the text, which differs from the visitor's when it fell back to the default. */
  language: string;
  requestedLanguage: string;
  updatedAt: string;
}

/**
 * The `pages` document behind /About, /PrivacyPolicy and /TermsAndConditions, in the visitor's
 * language or else the default language, fetched together in one query.
 */
export async function loadContent(request: Request): Promise<ContentData> {
  const slug = contentSlugOf(new URL(request.url).pathname);
  if (!slug) pageNotFound(request);
  const language = requestLanguage(request);
  const languages = [...new Set([language, siteEnv().defaultLanguage])];
  const found = await listPage<Page>(request, 'pages', [Query.equal('slug', slug), Query.equal('language', languages), Query.limit(languages.length)]);
  const page = found.items.find((item) => item.language === language) ?? found.items[0];
  if (!page) pageNotFound(request);
  return { slug, title: page.title, ...readContent(page.body), language: page.language, requestedLanguage: language, updatedAt: page.$updatedAt };
}
