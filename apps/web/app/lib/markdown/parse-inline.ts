import type { Inline } from './ast';
import { safeHref } from './safe-url';

const escapable = /[!-/:-@[-`{-~]/;
const autolink = /^<((?:https?|mailto):[^\s<>]*)>/i;
const autoEmail = /^<([^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)>/;

interface Match<T> {
  node: T;
  end: number;
}

/** Inline Markdown (emphasis, strong, code, links, breaks) to nodes; anything else stays text. */
export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let buffer = '';
  const flush = (): void => {
    if (buffer !== '') nodes.push({ type: 'text', value: buffer });
    buffer = '';
  };
  const push = (node: Inline): void => {
    flush();
    nodes.push(node);
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '\\') {
      const next = text[index + 1] ?? '';
      if (next === '\n') {
        push({ type: 'break' });
        index += 2;
      } else if (escapable.test(next)) {
        buffer += next;
        index += 2;
      } else {
        buffer += char;
        index += 1;
      }
      continue;
    }
    if (char === '\n') {
      const hard = / {2,}$/.test(buffer);
      buffer = buffer.replace(/ +$/, '');
      if (hard) push({ type: 'break' });
      else buffer += '\n';
      index += 1;
      while (text[index] === ' ') index += 1;
      continue;
    }
    const match = matchAt(text, index);
    if (match) {
      flush();
      nodes.push(...match.node);
      index = match.end;
      continue;
    }
    const run = char === '*' || char === '_' || char === '`' ? runLength(text, index, char) : 1;
    buffer += text.slice(index, index + run);
    index += run;
  }
  flush();
  return nodes;
}

function matchAt(text: string, index: number): Match<Inline[]> | null {
  const char = text[index];
  if (char === '`') return wrap(matchCode(text, index));
  if (char === '[') return wrap(matchLink(text, index));
  if (char === '!' && text[index + 1] === '[') {
    // Images are not rendered: their alt text stands in, so nothing is fetched from the content.
    const image = matchLink(text, index + 1);
    return image && image.node.type === 'link' ? { node: image.node.children, end: image.end } : null;
  }
  if (char === '<') return wrap(matchAutolink(text, index));
  if (char === '*' || char === '_') return wrap(matchEmphasis(text, index));
  return null;
}

function wrap(match: Match<Inline> | null): Match<Inline[]> | null {
  return match ? { node: [match.node], end: match.end } : null;
}

function runLength(text: string, index: number, char: string): number {
  let end = index;
  while (text[end] === char) end += 1;
  return end - index;
}

function matchCode(text: string, index: number): Match<Inline> | null {
  const run = runLength(text, index, '`');
  for (let at = text.indexOf('`', index + run); at !== -1; at = text.indexOf('`', at + runLength(text, at, '`'))) {
    if (runLength(text, at, '`') !== run) continue;
    let value = text.slice(index + run, at).replace(/\n/g, ' ');
    if (value.length > 2 && value.startsWith(' ') && value.endsWith(' ')) value = value.slice(1, -1);
    return { node: { type: 'code', value }, end: at + run };
  }
  return null;
}

function isWhitespace(char: string | undefined): boolean {
  return char === undefined || /\s/.test(char);
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}

/** `*em*`, `_em_`, `**strong**`, `__strong__`; underscores never open or close inside a word. */
function matchEmphasis(text: string, index: number): Match<Inline> | null {
  const char = text[index] as string;
  const run = runLength(text, index, char);
  for (const size of run >= 2 ? [2, 1] : [1]) {
    const delimiter = char.repeat(size);
    if (isWhitespace(text[index + size])) continue;
    if (char === '_' && isWordChar(text[index - 1])) continue;
    const close = findCloser(text, index + size, char, size);
    if (close === -1) continue;
    const children = parseInline(text.slice(index + size, close));
    return { node: { type: size === 2 ? 'strong' : 'emphasis', children }, end: close + delimiter.length };
  }
  return null;
}

function findCloser(text: string, from: number, char: string, size: number): number {
  let at = from;
  while (at < text.length) {
    if (text[at] === '\\') {
      at += 2;
      continue;
    }
    if (text[at] === '`') {
      const code = matchCode(text, at);
      at = code ? code.end : at + runLength(text, at, '`');
      continue;
    }
    if (text[at] !== char) {
      at += 1;
      continue;
    }
    const run = runLength(text, at, char);
    const fits = size === 2 ? run >= 2 : run === 1 || run >= 3;
    const afterOk = char !== '_' || !isWordChar(text[at + size]);
    // In a longer run (`***`), the closer is its last `size` characters.
    if (fits && at > from && !isWhitespace(text[at - 1]) && afterOk) return at + (run > size ? run - size : 0);
    at += run;
  }
  return -1;
}

/** `[label](destination "title")`, with nested brackets in the label and parentheses in the URL. */
function matchLink(text: string, index: number): Match<Inline> | null {
  let depth = 0;
  let at = index;
  for (; at < text.length; at += 1) {
    const char = text[at];
    if (char === '\\') at += 1;
    else if (char === '[') depth += 1;
    else if (char === ']' && --depth === 0) break;
  }
  if (depth !== 0 || text[at + 1] !== '(') return null;
  const label = text.slice(index + 1, at);
  const target = parseDestination(text, at + 2);
  if (!target) return null;
  return {
    node: { type: 'link', href: safeHref(target.url), title: target.title, children: parseInline(label) },
    end: target.end,
  };
}

function parseDestination(text: string, start: number): { url: string; title: string | null; end: number } | null {
  let at = start;
  const skipSpaces = (): void => {
    while (text[at] === ' ' || text[at] === '\n') at += 1;
  };
  skipSpaces();
  let url = '';
  if (text[at] === '<') {
    const close = text.indexOf('>', at);
    if (close === -1) return null;
    url = text.slice(at + 1, close);
    at = close + 1;
  } else {
    let parens = 0;
    for (; at < text.length; at += 1) {
      const char = text[at] as string;
      if (char === '\\' && escapable.test(text[at + 1] ?? '')) {
        url += text[at + 1];
        at += 1;
        continue;
      }
      if (/\s/.test(char)) break;
      if (char === '(') parens += 1;
      if (char === ')' && parens-- === 0) break;
      url += char;
    }
  }
  skipSpaces();
  let title: string | null = null;
  const quote = text[at];
  if (quote === '"' || quote === "'" || quote === '(') {
    const closing = quote === '(' ? ')' : quote;
    const close = text.indexOf(closing, at + 1);
    if (close === -1) return null;
    title = text.slice(at + 1, close);
    at = close + 1;
    skipSpaces();
  }
  if (text[at] !== ')') return null;
  return { url, title, end: at + 1 };
}

function matchAutolink(text: string, index: number): Match<Inline> | null {
  const rest = text.slice(index);
  const url = autolink.exec(rest);
  if (url) {
    const value = url[1] as string;
    return { node: { type: 'link', href: safeHref(value), title: null, children: [{ type: 'text', value }] }, end: index + url[0].length };
  }
  const email = autoEmail.exec(rest);
  if (email) {
    const value = email[1] as string;
    return { node: { type: 'link', href: safeHref(`mailto:${value}`), title: null, children: [{ type: 'text', value }] }, end: index + email[0].length };
  }
  return null;
}
