import type { Element, Nodes as HastNodes, Root as HastRoot } from 'hast';
import { sanitize, type Schema } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'mdast';
import { toHast } from 'mdast-util-to-hast';
import { inlineCodeClass, markdownElementClasses } from './element-classes';

/**
 * Only what CommonMark's own constructs render to, and links only to the web, to mail or within the
 * site (relative references are always allowed): `javascript:`, `data:`, `vbscript:` and the rest
 * lose their href.
 */
const contentSchema: Schema = {
  tagNames: ['a', 'blockquote', 'br', 'code', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'li', 'ol', 'p', 'pre', 'strong', 'ul'],
  attributes: { a: ['href', 'title'], ol: ['start'] },
  protocols: { href: ['http', 'https', 'mailto'] },
  strip: ['script', 'style'],
};

/** A Markdown tree as HTML that is safe to insert into a page: sanitised, then given the site's classes. */
export function toSafeHtml(tree: Root): string {
  const clean = sanitize(toHast(tree), contentSchema) as HastRoot;
  decorate(clean, false);
  return toHtml(clean);
}

function decorate(node: HastNodes, insidePre: boolean): void {
  if (node.type === 'element') style(node, insidePre);
  if ('children' in node) for (const child of node.children) decorate(child, insidePre || (node.type === 'element' && node.tagName === 'pre'));
}

function style(element: Element, insidePre: boolean): void {
  // A link whose destination was refused keeps its text, as plain text.
  if (element.tagName === 'a' && element.properties['href'] === undefined) {
    element.tagName = 'span';
    return;
  }
  const className = element.tagName === 'code' ? (insidePre ? undefined : inlineCodeClass) : markdownElementClasses[element.tagName];
  if (className) element.properties['className'] = className.split(' ');
}
