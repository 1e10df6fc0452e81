import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './parse-markdown.server';
import { toSafeHtml } from './to-safe-html.server';

const render = (source: string): string => toSafeHtml(parseMarkdown(source));

/** Every element and attribute in the output, so a test can say nothing else got through. */
const tagsOf = (html: string): string[] => [...html.matchAll(/<([a-z0-9]+)/gi)].map((match) => (match[1] as string).toLowerCase());
const attributesOf = (html: string): string[] =>
  [...html.replace(/"[^"]*"/g, '""').matchAll(/<[a-z0-9]+([^>]*)>/gi)].flatMap((match) => [...(match[1] ?? '').matchAll(/\s([^\s=>]+)/g)].map((attribute) => attribute[1] as string));

describe('content Markdown to safe HTML', () => {
  it('renders what the content pages use, with the site classes', () => {
    const html = render('## Rights\n\nSee *the* **[Contact](/Contact)** page and `code`.\n\n1. one\n2. two\n\n> quoted\n\n---\n\n```\nx < y\n```');
    expect(html).toContain('<h2 class="mt-8 mb-3 text-xl font-semibold">Rights</h2>');
    expect(html).toContain('<em>the</em>');
    expect(html).toMatch(/<strong><a href="\/Contact" class="[^"]*underline[^"]*">Contact<\/a><\/strong>/);
    expect(html).toMatch(/<code class="rounded [^"]*">code<\/code>/);
    expect(html).toMatch(/<ol class="[^"]*list-decimal[^"]*">\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote class="[^"]*">\s*<p class="my-4 leading-7">quoted<\/p>\s*<\/blockquote>/);
    expect(html).toMatch(/<hr class="[^"]*">/);
    expect(html).toMatch(/<pre class="[^"]*"><code>x &#x3C; y\n<\/code><\/pre>/);
  });

  it('keeps an ordered list starting elsewhere than 1, and hard line breaks', () => {
    expect(render('3. three\n4. four')).toContain('<ol start="3"');
    expect(render('line one  \nline two')).toContain('line one<br>\nline two');
  });

  it('shows script tags, raw HTML and event attributes as inert text', () => {
    const html = render('<script>alert("x")</script>\n\nText <img src=x onerror=alert(1)> and <b onclick="steal()">bold</b>.\n\n<iframe src="https://evil.example"></iframe>');
    expect(tagsOf(html)).toEqual(['p', 'p', 'p']);
    expect(attributesOf(html)).toEqual(['class', 'class', 'class']);
    expect(html).toContain('&#x3C;script>alert("x")&#x3C;/script>');
    expect(html).toContain('&#x3C;img src=x onerror=alert(1)>');
  });

  it.each([
    ['javascript:', '[click me](javascript:alert(document.cookie))'],
    ['JavaScript: in capitals', '[click me](JaVaScRiPt:alert(1))'],
    ['an escaped tab', '[click me](<java\tscript:alert(1)>)'],
    ['an entity', '[click me](javascript&#58;alert(1))'],
    ['data:', '[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[click me](vbscript:msgbox(1))'],
    ['a reference definition', '[click me][x]\n\n[x]: javascript:alert(1)'],
    ['an autolink', '<javascript:alert(1)>'],
  ])('drops the href of a %s link and keeps its text', (_name, source) => {
    const html = render(source);
    expect(html).not.toMatch(/href/i);
    expect(html).not.toMatch(/<a\b/);
    expect(html).toMatch(/<span>(click me|javascript:alert\(1\))<\/span>/);
  });

  it.each([
    ['javascript:', '![alt text](javascript:alert(1))'],
    ['data:', '![alt text](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['https:', '![alt text](https://tracker.example/pixel.gif "t")'],
  ])('renders a %s image as its alt text, fetching nothing', (_name, source) => {
    expect(render(source)).toBe('<p class="my-4 leading-7">alt text</p>');
  });

  it('keeps http, https, mailto and relative links', () => {
    const html = render('[a](https://example.org) [b](mailto:x@example.org) [c](/About) [d](#top) [e](http://example.org/?q=1)');
    for (const href of ['https://example.org', 'mailto:x@example.org', '/About', '#top', 'http://example.org/?q=1']) expect(html).toContain(`href="${href}"`);
  });

  it('escapes quotes in link titles', () => {
    const html = render(`[x](/a 't" onmouseover="alert(1)')`);
    expect(html).toContain('title="t&#x22; onmouseover=&#x22;alert(1)"');
    expect(attributesOf(html)).toEqual(['class', 'href', 'title', 'class']);
  });

  it('renders very long, deeply nested and unbalanced input, escaped, in bounded time', () => {
    const started = performance.now();
    const html = render(`${'word '.repeat(40_000)}\n\n${'> '.repeat(300)}deep\n\n${'*'.repeat(10_000)}a${'_'.repeat(10_000)}\n\n${'['.repeat(5_000)}<x${'](y)'.repeat(50)}`);
    expect(html.length).toBeGreaterThan(200_000);
    expect(html.match(/<blockquote/g)).toHaveLength(300);
    expect(new Set(tagsOf(html))).toEqual(new Set(['p', 'blockquote', 'a']));
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 60_000);
});
