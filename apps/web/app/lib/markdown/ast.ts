/** The small Markdown subset the content pages use, as plain data (rendered by markdown.tsx). */
export type Inline =
  | { type: 'text'; value: string }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'strong'; children: Inline[] }
  | { type: 'code'; value: string }
  /** `href` is null when the destination was unsafe: the text stays, the link does not. */
  | { type: 'link'; href: string | null; title: string | null; children: Inline[] }
  | { type: 'break' };

export type HeadingDepth = 1 | 2 | 3 | 4 | 5 | 6;

export type Block =
  | { type: 'heading'; depth: HeadingDepth; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'blockquote'; children: Block[] }
  | { type: 'code'; value: string }
  | { type: 'thematicBreak' };

/** The text of inline content without its markup (for titles and descriptions). */
export function plainText(inlines: readonly Inline[]): string {
  return inlines
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.value;
        case 'break':
          return ' ';
        default:
          return plainText(node.children);
      }
    })
    .join('');
}
