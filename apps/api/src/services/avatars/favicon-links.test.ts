import { describe, expect, it } from 'vitest';
import { faviconCandidates } from './favicon-links.ts';

const page = new URL('https://example.org/news/today.html');

function hrefs(html: string, url = page): string[] {
  return faviconCandidates(html, url).map((candidate) => candidate.href);
}

describe('faviconCandidates', () => {
  it('lists declared icons largest first, then /favicon.ico at the root', () => {
    const html = `<html><head>
      <link rel="icon" href="/small.png" sizes="16x16">
      <link rel="stylesheet" href="/site.css">
      <LINK REL="apple-touch-icon" HREF="touch.png">
      <link href='//cdn.example.net/big.png' rel='icon' sizes='32x32 192x192'>
      <link rel="shortcut icon" href="/legacy.ico">
    </head></html>`;
    expect(hrefs(html)).toEqual([
      'https://cdn.example.net/big.png',
      'https://example.org/news/touch.png',
      'https://example.org/small.png',
      'https://example.org/legacy.ico',
      'https://example.org/favicon.ico',
    ]);
  });

  it('falls back to /favicon.ico when the page declares nothing', () => {
    expect(hrefs('<html><head><title>x</title></head></html>')).toEqual(['https://example.org/favicon.ico']);
    expect(hrefs('not html at all', new URL('http://127.0.0.1:8080/a/b'))).toEqual(['http://127.0.0.1:8080/favicon.ico']);
  });

  it('resolves against <base href>, decodes entities and lists a repeated URL once', () => {
    const html = `<base href="https://static.example.org/assets/"><link rel="icon" href="i.png?v=1&amp;s=2"><link rel="icon" href="/favicon.ico">`;
    expect(hrefs(html)).toEqual(['https://static.example.org/assets/i.png?v=1&s=2', 'https://static.example.org/favicon.ico', 'https://example.org/favicon.ico']);
  });

  it('leaves out SVG icons and non-http links', () => {
    const html = `<link rel="icon" type="image/svg+xml" href="/icon.svg"><link rel="icon" href="/mark.svg"><link rel="icon" href="data:image/png;base64,AAAA"><link rel="icon" href="javascript:alert(1)">`;
    expect(hrefs(html)).toEqual(['https://example.org/favicon.ico']);
  });
});
