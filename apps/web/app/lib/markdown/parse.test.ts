import { describe, expect, it } from 'vitest';
import { plainText, type Block, type Inline } from './ast';
import { parseMarkdown } from './parse-blocks';
import { parseInline } from './parse-inline';

describe('parseInline', () => {
  it('reads emphasis, strong, code and escapes', () => {
    expect(parseInline('a *b* **c** _d_ __e__ `f*g` \\*h\\*')).toEqual([
      { type: 'text', value: 'a ' },
      { type: 'emphasis', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'strong', children: [{ type: 'text', value: 'c' }] },
      { type: 'text', value: ' ' },
      { type: 'emphasis', children: [{ type: 'text', value: 'd' }] },
      { type: 'text', value: ' ' },
      { type: 'strong', children: [{ type: 'text', value: 'e' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'f*g' },
      { type: 'text', value: ' *h*' },
    ]);
  });

  it('nests emphasis in strong and handles triple delimiters', () => {
    expect(parseInline('**a *b* c**')).toEqual([
      { type: 'strong', children: [{ type: 'text', value: 'a ' }, { type: 'emphasis', children: [{ type: 'text', value: 'b' }] }, { type: 'text', value: ' c' }] },
    ]);
    expect(parseInline('***x***')).toEqual([{ type: 'strong', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'x' }] }] }]);
  });

  it('leaves unmatched and intraword delimiters alone', () => {
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual([{ type: 'text', value: 'snake_case_name and 2 * 3 * 4' }]);
    expect(parseInline('**open')).toEqual([{ type: 'text', value: '**open' }]);
  });

  it('reads links with titles, nested brackets and parentheses', () => {
    expect(parseInline('[the *Contact* page](/Contact "Write to us")')).toEqual([
      { type: 'link', href: '/Contact', title: 'Write to us', children: [{ type: 'text', value: 'the ' }, { type: 'emphasis', children: [{ type: 'text', value: 'Contact' }] }, { type: 'text', value: ' page' }] },
    ]);
    expect(parseInline('[a [b]](https://example.org/x_(y))')).toEqual([
      { type: 'link', href: 'https://example.org/x_(y)', title: null, children: [{ type: 'text', value: 'a [b]' }] },
    ]);
  });

  it('reads autolinks', () => {
    expect(parseInline('<https://example.org> <editors@example.org>')).toEqual([
      { type: 'link', href: 'https://example.org', title: null, children: [{ type: 'text', value: 'https://example.org' }] },
      { type: 'text', value: ' ' },
      { type: 'link', href: 'mailto:editors@example.org', title: null, children: [{ type: 'text', value: 'editors@example.org' }] },
    ]);
  });

  it('keeps the text but drops unsafe link targets', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ type: 'link', href: null, title: null, children: [{ type: 'text', value: 'click' }] }]);
  });

  it('renders images as their alt text only', () => {
    expect(parseInline('![a logo](https://tracker.example/pixel.gif)')).toEqual([{ type: 'text', value: 'a logo' }]);
  });

  it('turns soft line ends into newlines and trailing double spaces into breaks', () => {
    expect(parseInline('one\n  two  \nthree')).toEqual([{ type: 'text', value: 'one\ntwo' }, { type: 'break' }, { type: 'text', value: 'three' }]);
  });

  it('keeps raw HTML as text', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ type: 'text', value: '<script>alert(1)</script>' }]);
  });
});

const text = (value: string): Inline[] => [{ type: 'text', value }];

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and thematic breaks', () => {
    expect(parseMarkdown('# Title #\n\nFirst line\nsecond line.\n\n---\n### Sub')).toEqual<Block[]>([
      { type: 'heading', depth: 1, children: text('Title') },
      { type: 'paragraph', children: text('First line\nsecond line.') },
      { type: 'thematicBreak' },
      { type: 'heading', depth: 3, children: text('Sub') },
    ]);
  });

  it('needs a space after the hashes', () => {
    expect(parseMarkdown('#hashtag')).toEqual([{ type: 'paragraph', children: text('#hashtag') }]);
  });

  it('reads bullet lists with continuation lines and nested lists', () => {
    expect(parseMarkdown('- one\n  more\n- two\n  - inner\n- three\n\nAfter')).toEqual<Block[]>([
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ type: 'paragraph', children: text('one\nmore') }],
          [{ type: 'paragraph', children: text('two') }, { type: 'list', ordered: false, start: 1, items: [[{ type: 'paragraph', children: text('inner') }]] }],
          [{ type: 'paragraph', children: text('three') }],
        ],
      },
      { type: 'paragraph', children: text('After') },
    ]);
  });

  it('reads ordered lists with their start number, across blank lines', () => {
    expect(parseMarkdown('3. c\n\n4. d')).toEqual<Block[]>([
      { type: 'list', ordered: true, start: 3, items: [[{ type: 'paragraph', children: text('c') }], [{ type: 'paragraph', children: text('d') }]] },
    ]);
  });

  it('reads blockquotes with lazy continuation and inner blocks', () => {
    expect(parseMarkdown('> **Note.** This is\nsample data.\n>\n> - a')).toEqual<Block[]>([
      {
        type: 'blockquote',
        children: [
          { type: 'paragraph', children: [{ type: 'strong', children: text('Note.') }, { type: 'text', value: ' This is\nsample data.' }] },
          { type: 'list', ordered: false, start: 1, items: [[{ type: 'paragraph', children: text('a') }]] },
        ],
      },
    ]);
  });

  it('reads fenced code verbatim', () => {
    expect(parseMarkdown('```\n# not a heading\n<b>\n```')).toEqual<Block[]>([{ type: 'code', value: '# not a heading\n<b>' }]);
  });

  it('accepts Windows line ends', () => {
    expect(parseMarkdown('# A\r\n\r\nb')).toEqual<Block[]>([{ type: 'heading', depth: 1, children: text('A') }, { type: 'paragraph', children: text('b') }]);
  });
});

describe('plainText', () => {
  it('drops the markup', () => {
    expect(plainText(parseInline('**Bold** and [a *link*](/x)'))).toBe('Bold and a link');
  });
});
