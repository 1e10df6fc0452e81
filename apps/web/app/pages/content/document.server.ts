import type { Heading, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseMarkdown } from '../../lib/markdown/parse-markdown.server';
import { toSafeHtml } from '../../lib/markdown/to-safe-html.server';

const DESCRIPTION_LENGTH = 160;

export interface ContentDocument {
  /** The Markdown's own leading `# heading`, which becomes the page's h1; else null. */
  heading: string | null;
  /** The rest of the text as safe HTML, with any further level-1 headings lowered so the page keeps one h1. */
  html: string;
  /** The first paragraph as plain text, shortened for a meta description. */
  summary: string;
}

const isTitle = (node: RootContent | undefined): node is Heading => node?.type === 'heading' && node.depth === 1;

/** A `pages` body, rendered on the server so no Markdown code reaches the browser. */
export function readContent(body: string): ContentDocument {
  const tree = parseMarkdown(body);
  const [first] = tree.children;
  const leading = isTitle(first) ? first : null;
  const rest = (leading ? tree.children.slice(1) : tree.children).map((node): RootContent => (isTitle(node) ? { ...node, depth: 2 } : node));
  const paragraph = rest.find((node) => node.type === 'paragraph');
  const text = paragraph ? toString(paragraph).replace(/\s+/g, ' ').trim() : '';
  const summary = text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…` : text;
  return { heading: leading ? toString(leading) : null, html: toSafeHtml({ type: 'root', children: rest }), summary };
}
