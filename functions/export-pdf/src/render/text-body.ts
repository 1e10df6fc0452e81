import type { Flow, TextStyle } from './flow.ts';
import { COLOURS } from './theme.ts';

const PARAGRAPH: TextStyle = { font: 'regular', size: 10.5, colour: COLOURS.slate900, lineGap: 3 };
const PARAGRAPH_GAP = 8;

/**
 * Pasted text, paragraph by paragraph. PDFKit's own line wrapper breaks the lines and starts a
 * page when the next line would cross the bottom margin, which the renderer sets to the footer's top.
 */
export function drawParagraphs(flow: Flow, paragraphs: readonly string[]): void {
  for (const paragraph of paragraphs) {
    flow.ensure(flow.textHeight('X', PARAGRAPH, flow.width));
    flow.style(PARAGRAPH).text(paragraph, flow.left, flow.y, { width: flow.width, lineGap: PARAGRAPH.lineGap });
    flow.y = flow.doc.y + PARAGRAPH_GAP;
  }
}
