import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownBlocks } from './markdown';
import { parseMarkdown } from './parse-blocks';

const render = (source: string): string => renderToStaticMarkup(<MarkdownBlocks blocks={parseMarkdown(source)} />);

describe('MarkdownBlocks', () => {
  it('renders the supported elements', () => {
    const html = render('## Rights\n\nSee *the* **[Contact](/Contact)** page.\n\n1. one\n2. two\n\n> quoted');
    expect(html).toContain('<h2');
    expect(html).toContain('<em>the</em>');
    expect(html).toContain('<strong><a href="/Contact"');
    expect(html).toMatch(/<ol[^>]*><li>one<\/li><li>two<\/li><\/ol>/);
    expect(html).toMatch(/<blockquote[^>]*><p[^>]*>quoted<\/p><\/blockquote>/);
  });

  it('renders script tags and raw HTML as inert text', () => {
    const html = render('<script>alert("x")</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('renders javascript: and other unsafe links without an href', () => {
    const html = render('[click me](javascript:alert(document.cookie)) [data](data:text/html;base64,PHNjcmlwdD4=) [tab](java\tscript:alert(1))');
    expect(html).not.toMatch(/href/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('<span>click me</span>');
  });

  it('keeps http, https, mailto and relative links', () => {
    const html = render('[a](https://example.org) [b](mailto:x@example.org) [c](/About) [d](#top)');
    for (const href of ['https://example.org', 'mailto:x@example.org', '/About', '#top']) expect(html).toContain(`href="${href}"`);
  });

  it('escapes quotes in link attributes', () => {
    const html = render(`[x](/a 't" onmouseover="alert(1)')`);
    expect(html).toContain('title="t&quot; onmouseover=&quot;alert(1)"');
    expect(html).not.toContain(' onmouseover="');
  });
});
