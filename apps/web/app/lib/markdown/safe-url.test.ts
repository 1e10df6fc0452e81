import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-url';

describe('safeHref', () => {
  it.each([
    ['https://example.org/a?b=c', 'https://example.org/a?b=c'],
    ['HTTP://EXAMPLE.ORG', 'HTTP://EXAMPLE.ORG'],
    ['mailto:editors@example.org', 'mailto:editors@example.org'],
    ['/Contact', '/Contact'],
    ['#contact', '#contact'],
    ['../About', '../About'],
    ['?q=bo', '?q=bo'],
    ['Contact', 'Contact'],
    ['a/b:c', 'a/b:c'],
  ])('keeps %s', (raw, expected) => {
    expect(safeHref(raw)).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', '\u0001javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', ''])(
    'refuses %j',
    (raw) => {
      expect(safeHref(raw)).toBeNull();
    },
  );
});
