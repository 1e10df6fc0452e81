import { plainText, type Block } from '../../lib/markdown/ast';
import { parseMarkdown } from '../../lib/markdown/parse-blocks';

const DESCRIPTION_LENGTH = 160;

export interface ContentDocument {
  /** The Markdown's own leading `# heading`, which becomes the page's h1; else null. */
  heading: string | null;
  /** The rest of the text, with any further level-1 headings lowered so the page keeps one h1. */
  blocks: Block[];
  /** The first paragraph as plain text, shortened for a meta description. */
  summary: string;
}

export function readContent(body: string): ContentDocument {
  const blocks = parseMarkdown(body);
  const [first] = blocks;
  const leading = first?.type === 'heading' && first.depth === 1 ? first : null;
  const rest = (leading ? blocks.slice(1) : blocks).map((block): Block => (block.type === 'heading' && block.depth === 1 ? { ...block, depth: 2 } : block));
  const paragraph = rest.find((block) => block.type === 'paragraph');
  const text = paragraph ? plainText(paragraph.children).replace(/\s+/g, ' ').trim() : '';
  const summary = text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).replace(/\s+\S*$/, '')}…` : text;
  return { heading: leading ? plainText(leading.children) : null, blocks: rest, summary };
}
