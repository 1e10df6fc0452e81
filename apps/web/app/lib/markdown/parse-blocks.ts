import type { Block, HeadingDepth } from './ast';
import { parseInline } from './parse-inline';

const heading = /^ {0,3}(#{1,6})(?=[ \t]|$)(.*)$/;
const thematicBreak = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const quote = /^ {0,3}> ?/;
const fence = /^ {0,3}(`{3,}|~{3,})/;
const listMarker = /^( {0,3})([-*+]|\d{1,9}[.)])( +|$)/;

interface Marker {
  ordered: boolean;
  start: number;
  /** `-`, `*`, `+`, `.` or `)`: a different symbol starts a new list. */
  symbol: string;
  contentOffset: number;
}

function readMarker(line: string): Marker | null {
  const match = listMarker.exec(line);
  if (!match) return null;
  const [, indent = '', marker = '', spaces = ''] = match;
  const ordered = /\d/.test(marker);
  // More than four spaces after the marker means indented content; the item starts one space in.
  const gap = spaces.length === 0 || spaces.length > 4 ? 1 : spaces.length;
  return { ordered, start: ordered ? Number.parseInt(marker, 10) : 1, symbol: marker.slice(-1), contentOffset: indent.length + marker.length + gap };
}

const isBlank = (line: string): boolean => line.trim() === '';
const indentOf = (line: string): number => line.length - line.trimStart().length;

function startsBlock(line: string): boolean {
  return heading.test(line) || thematicBreak.test(line) || quote.test(line) || fence.test(line) || readMarker(line) !== null;
}

/** Markdown source to blocks. Raw HTML is not recognised: it stays text and renders escaped. */
export function parseMarkdown(source: string): Block[] {
  return parseLines(source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

function parseLines(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] as string;
    if (isBlank(line)) {
      index += 1;
      continue;
    }
    if (thematicBreak.test(line)) {
      blocks.push({ type: 'thematicBreak' });
      index += 1;
      continue;
    }
    const title = heading.exec(line);
    if (title) {
      const text = (title[2] ?? '').replace(/(^|[ \t]+)#+[ \t]*$/, '').trim();
      blocks.push({ type: 'heading', depth: (title[1] as string).length as HeadingDepth, children: parseInline(text) });
      index += 1;
      continue;
    }
    const opened = fence.exec(line);
    if (opened) {
      index = readFence(lines, index, opened[1] as string, blocks);
      continue;
    }
    if (quote.test(line)) {
      index = readQuote(lines, index, blocks);
      continue;
    }
    const marker = readMarker(line);
    if (marker) {
      index = readList(lines, index, marker, blocks);
      continue;
    }
    index = readParagraph(lines, index, blocks);
  }
  return blocks;
}

function readParagraph(lines: string[], start: number, blocks: Block[]): number {
  let index = start;
  const text: string[] = [];
  while (index < lines.length && !isBlank(lines[index] as string) && (index === start || !startsBlock(lines[index] as string))) {
    text.push((lines[index] as string).trimStart());
    index += 1;
  }
  blocks.push({ type: 'paragraph', children: parseInline(text.join('\n').trimEnd()) });
  return index;
}

function readFence(lines: string[], start: number, opening: string, blocks: Block[]): number {
  const closing = new RegExp(`^ {0,3}${opening[0] === '`' ? '`' : '~'}{${opening.length},}[ \\t]*$`);
  let index = start + 1;
  const body: string[] = [];
  while (index < lines.length && !closing.test(lines[index] as string)) {
    body.push(lines[index] as string);
    index += 1;
  }
  blocks.push({ type: 'code', value: body.join('\n') });
  return index + 1;
}

/** `>` lines, plus lazy continuation lines of a paragraph inside the quote. */
function readQuote(lines: string[], start: number, blocks: Block[]): number {
  let index = start;
  const inner: string[] = [];
  while (index < lines.length) {
    const line = lines[index] as string;
    if (quote.test(line)) inner.push(line.replace(quote, ''));
    else if (!isBlank(line) && !startsBlock(line) && !isBlank(inner[inner.length - 1] ?? '')) inner.push(line);
    else break;
    index += 1;
  }
  blocks.push({ type: 'blockquote', children: parseLines(inner) });
  return index;
}

function readList(lines: string[], start: number, first: Marker, blocks: Block[]): number {
  const items: Block[][] = [];
  let index = start;
  for (;;) {
    const marker = index < lines.length ? readMarker(lines[index] as string) : null;
    if (!marker || marker.ordered !== first.ordered || marker.symbol !== first.symbol) break;
    const content = [(lines[index] as string).slice(marker.contentOffset)];
    index += 1;
    while (index < lines.length) {
      const line = lines[index] as string;
      if (isBlank(line)) {
        const next = lines.slice(index).findIndex((candidate) => !isBlank(candidate));
        if (next === -1 || indentOf(lines[index + next] as string) < marker.contentOffset) break;
        content.push('');
        index += 1;
      } else if (indentOf(line) >= marker.contentOffset) {
        content.push(line.slice(marker.contentOffset));
        index += 1;
      } else if (!startsBlock(line) && !isBlank(content[content.length - 1] ?? '')) {
        content.push(line.trimStart());
        index += 1;
      } else {
        break;
      }
    }
    items.push(parseLines(content));
    // Blank lines between items keep the list going only when another item follows.
    let next = index;
    while (next < lines.length && isBlank(lines[next] as string)) next += 1;
    const following = next < lines.length ? readMarker(lines[next] as string) : null;
    if (!following || following.ordered !== first.ordered || following.symbol !== first.symbol) break;
    index = next;
  }
  blocks.push({ type: 'list', ordered: first.ordered, start: first.start, items });
  return index;
}
