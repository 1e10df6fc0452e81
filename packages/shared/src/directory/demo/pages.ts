// The three content pages (about, privacy-policy, terms-and-conditions) in en, fr and sw.

import { PAGE_SLUGS } from './page-text.ts';
import type { PageTexts } from './page-text.ts';
import { EN } from './pages-en.ts';
import { FR } from './pages-fr.ts';
import { SW } from './pages-sw.ts';
import type { DemoRecord } from './types.ts';

export const PAGE_LANGUAGES: Readonly<Record<string, PageTexts>> = { en: EN, fr: FR, sw: SW };

/** Short, fixed id parts per slug (ids may not contain hyphens). */
const ID_PART: Readonly<Record<string, string>> = { about: 'about', 'privacy-policy': 'privacy', 'terms-and-conditions': 'terms' };

export const PAGE_COUNT = PAGE_SLUGS.length * Object.keys(PAGE_LANGUAGES).length;

export function* pageRecords(): Generator<DemoRecord> {
  for (const slug of PAGE_SLUGS) {
    for (const [language, texts] of Object.entries(PAGE_LANGUAGES)) {
      const page = texts[slug];
      yield {
        collectionId: 'pages',
        documentId: `pg${ID_PART[slug]}${language}`,
        data: { slug, language, title: page.title, body: page.body },
      };
    }
  }
}
