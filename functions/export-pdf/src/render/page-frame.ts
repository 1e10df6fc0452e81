import type { ExportDocument } from '../document-model.ts';
import type { Labels } from '../labels.ts';
import type { Flow, TextStyle } from './flow.ts';
import { COLOURS, PAGE } from './theme.ts';

const BRAND: TextStyle = { font: 'bold', size: 13, colour: COLOURS.green700 };
const HEADER_TITLE: TextStyle = { font: 'regular', size: 8.5, colour: COLOURS.slate500 };
const FOOTER: TextStyle = { font: 'regular', size: 7.5, colour: COLOURS.slate500 };
const TITLE: TextStyle = { font: 'bold', size: 20, colour: COLOURS.slate900, lineGap: 2 };
const SUBTITLE: TextStyle = { font: 'regular', size: 10, colour: COLOURS.slate600, lineGap: 1 };

/** `text` cut with an ellipsis to one line of `width`. */
function oneLine(flow: Flow, text: string, style: TextStyle, width: number): string {
  const doc = flow.style(style);
  if (doc.widthOfString(text) <= width) return text;
  const characters = [...text];
  while (characters.length > 0 && doc.widthOfString(`${characters.join('')}…`) > width) characters.pop();
  return `${characters.join('')}…`;
}

/** The big title and its lines on the first page. */
export function drawTitleBlock(flow: Flow, document: ExportDocument): void {
  flow.textAt(document.title, flow.left, flow.y, flow.width, TITLE);
  flow.y += flow.textHeight(document.title, TITLE, flow.width) + 4;
  for (const line of document.subtitle) {
    flow.textAt(line, flow.left, flow.y, flow.width, SUBTITLE);
    flow.y += flow.textHeight(line, SUBTITLE, flow.width) + 1;
  }
  flow.y += 8;
}

/**
 * Header (brand, title) and footer (date, source, "Page n of m") on every page, drawn once the
 * page count is known. The margins are lifted meanwhile: text below the bottom margin would
 * otherwise make PDFKit start a page.
 */
export function drawPageFrames(flow: Flow, document: ExportDocument, labels: Labels): void {
  const doc = flow.doc;
  const range = doc.bufferedPageRange();
  const brandWidth = flow.style(BRAND).widthOfString(document.brand) + 16;
  const footerTop = PAGE.height - PAGE.bottom + 18;
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };

    flow.textAt(document.brand, flow.left, 32, brandWidth, BRAND);
    const titleWidth = flow.width - brandWidth;
    flow.textAt(oneLine(flow, document.title, HEADER_TITLE, titleWidth), flow.left + brandWidth, 36, titleWidth, HEADER_TITLE, { align: 'right' });
    doc.moveTo(flow.left, 54).lineTo(flow.left + flow.width, 54).lineWidth(1).strokeColor(COLOURS.green700).stroke();

    doc.moveTo(flow.left, footerTop - 6).lineTo(flow.left + flow.width, footerTop - 6).lineWidth(0.5).strokeColor(COLOURS.slate200).stroke();
    const pageText = labels.pageOf(index + 1, range.count);
    const pageWidth = flow.style(FOOTER).widthOfString(pageText) + 4;
    const generated = `${labels.generated(document.generatedAt)} · ${labels.source} `;
    const generatedWidth = flow.style(FOOTER).widthOfString(generated);
    flow.textAt(generated, flow.left, footerTop, generatedWidth + 2, FOOTER);
    const urlWidth = flow.width - pageWidth - generatedWidth - 12;
    flow.textAt(oneLine(flow, document.sourceUrl, FOOTER, urlWidth), flow.left + generatedWidth, footerTop, urlWidth, { ...FOOTER, colour: COLOURS.green800 }, { link: document.sourceUrl });
    flow.textAt(pageText, flow.left + flow.width - pageWidth, footerTop, pageWidth, FOOTER, { align: 'right' });

    doc.page.margins = margins;
  }
}
