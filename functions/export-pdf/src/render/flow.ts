import type PDFDocument from 'pdfkit';
import type { FontName } from './fonts.ts';
import { CONTENT_WIDTH, PAGE } from './theme.ts';

type Doc = InstanceType<typeof PDFDocument>;

export interface TextStyle {
  font: FontName;
  size: number;
  colour: string;
  lineGap?: number;
}

/** Where the next block goes: a vertical cursor that starts a new page when a block would not fit. */
export class Flow {
  readonly doc: Doc;
  y: number = PAGE.top;
  readonly left = PAGE.left;
  readonly width = CONTENT_WIDTH;
  readonly limit = PAGE.height - PAGE.bottom;

  constructor(doc: Doc) {
    this.doc = doc;
  }

  /** Starts a new page unless `height` fits below the cursor; true when it did. */
  ensure(height: number): boolean {
    if (this.y + height <= this.limit || this.atPageTop()) return false;
    this.doc.addPage();
    this.y = PAGE.top;
    return true;
  }

  atPageTop(): boolean {
    return this.y === PAGE.top;
  }

  style(style: TextStyle): Doc {
    return this.doc.font(style.font).fontSize(style.size).fillColor(style.colour);
  }

  textHeight(text: string, style: TextStyle, width: number): number {
    return this.style(style).heightOfString(text, { width, lineGap: style.lineGap ?? 0 });
  }

  /** Text at a fixed place; wraps within `width`, never moves the cursor or adds a page. */
  textAt(text: string, x: number, y: number, width: number, style: TextStyle, options: { align?: 'left' | 'right' | 'center'; link?: string } = {}): void {
    this.style(style).text(text, x, y, { width, lineGap: style.lineGap ?? 0, align: options.align ?? 'left', ...(options.link ? { link: options.link } : {}) });
  }
}
