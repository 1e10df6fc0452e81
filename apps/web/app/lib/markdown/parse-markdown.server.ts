import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/** Containers whose children are blocks: raw HTML found directly inside them is a block of its own. */
const blockParents = new Set<Parent['type']>(['root', 'blockquote', 'listItem']);

/**
 * CommonMark source to a Markdown tree, with two rewrites that keep the site inert: raw HTML becomes
 * the text it was typed as (shown, escaped, never interpreted), and an image becomes its alt text,
 * so nothing is fetched from another host on an editor's say-so.
 */
export function parseMarkdown(source: string): Root {
  const tree = fromMarkdown(source);
  rewriteChildren(tree);
  return tree;
}

function rewriteChildren(parent: Parent): void {
  parent.children = parent.children.map((child) => rewritten(child, parent)) as Parent['children'];
  for (const child of parent.children) if ('children' in child) rewriteChildren(child);
}

function rewritten(node: RootContent, parent: Parent): Nodes {
  if (node.type === 'html') {
    const text = { type: 'text', value: node.value } as const;
    return blockParents.has(parent.type) ? { type: 'paragraph', children: [text] } : text;
  }
  if (node.type === 'image') return { type: 'text', value: node.alt ?? '' };
  return node;
}
