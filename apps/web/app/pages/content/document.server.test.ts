import { describe, expect, it } from 'vitest';
import { PAGE_LANGUAGES } from '../../../../../packages/shared/src/directory/demo/pages.ts';
import { readContent } from './document.server';

describe('readContent', () => {
  it('takes the leading level-1 heading as the title and lowers any other', () => {
    const document = readContent('# About *us*\n\nFirst **paragraph**.\n\n# Another top heading');
    expect(document.heading).toBe('About us');
    expect(document.html).not.toContain('<h1');
    expect(document.html).toContain('<h2 class="mt-8 mb-3 text-xl font-semibold">Another top heading</h2>');
    expect(document.summary).toBe('First paragraph.');
  });

  it('has no title when the text does not open with a level-1 heading', () => {
    expect(readContent('Just text.\n\n# Later').heading).toBeNull();
  });

  it('shortens the summary at a word boundary for the meta description', () => {
    const summary = readContent(`${'Election '.repeat(40)}`).summary;
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/Election…$/);
  });

  it('renders every seeded page in every language with a title, a summary and no raw markup', () => {
    for (const texts of Object.values(PAGE_LANGUAGES)) {
      for (const page of Object.values(texts)) {
        const document = readContent(page.body);
        expect(document.heading?.startsWith(page.title.split(' ')[0] as string)).toBe(true);
        expect(document.summary.length).toBeGreaterThan(40);
        expect(document.html).toMatch(/^<p|^<h2/);
        expect(document.html).not.toMatch(/[*#]|\]\(/);
      }
    }
  });
});
