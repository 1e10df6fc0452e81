import PDFDocument from 'pdfkit';
import type { ExportDocument } from '../document-model.ts';
import { labelsFor } from '../labels.ts';
import { drawCandidateGroups } from './candidate-table.ts';
import { drawEventMonths } from './event-table.ts';
import { Flow } from './flow.ts';
import { FONT_FILES } from './fonts.ts';
import { drawPageFrames, drawTitleBlock } from './page-frame.ts';
import { Pictures } from './pictures.ts';
import { drawParagraphs } from './text-body.ts';
import { PAGE } from './theme.ts';

export interface RenderedPdf {
  bytes: Buffer;
  pages: number;
}

export interface RenderOptions {
  /** Called each time a page is started, with the number of pages so far. */
  onPage?(pages: number): void;
}

/** Draws an export document as an A4 PDF with real, selectable text in an embedded font subset. */
export async function renderPdf(document: ExportDocument, options: RenderOptions = {}): Promise<RenderedPdf> {
  const labels = labelsFor(document.language);
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: true,
    lang: document.language,
    displayTitle: true,
    info: { Title: document.title, Author: document.brand, Creator: document.brand, CreationDate: document.generatedAt },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);

  let pages = 1;
  options.onPage?.(pages);
  doc.on('pageAdded', () => options.onPage?.(++pages));

  const flow = new Flow(doc);
  drawTitleBlock(flow, document);
  const body = document.body;
  if (body.kind === 'candidates') await drawCandidateGroups(flow, body.offices, labels, new Pictures(flow));
  else if (body.kind === 'events') drawEventMonths(flow, body.months, labels);
  else drawParagraphs(flow, body.paragraphs);
  drawPageFrames(flow, document, labels);

  const count = doc.bufferedPageRange().count;
  doc.end();
  return { bytes: await finished, pages: count };
}
