import type { Flow, TextStyle } from './flow.ts';
import { COLOURS } from './theme.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Column<Row> {
  header: string;
  width: number;
  align?: 'left' | 'center';
  /** The height the cell's content needs at this width. */
  measure(flow: Flow, row: Row, width: number): number;
  /** Draws the cell's content inside `box` (padding already taken off). */
  draw(flow: Flow, row: Row, box: Box): void;
}

const PADDING_X = 4;
const PADDING_Y = 5;
const HEADER_STYLE: TextStyle = { font: 'bold', size: 7.5, colour: COLOURS.slate600 };

/** A cell of plain text: wraps, never cut. */
export function textColumn<Row>(header: string, width: number, style: TextStyle, text: (row: Row) => string, align: 'left' | 'center' = 'left'): Column<Row> {
  return {
    header,
    width,
    align,
    measure: (flow, row, cellWidth) => flow.textHeight(text(row), style, cellWidth),
    draw: (flow, row, box) => {
      const height = flow.textHeight(text(row), style, box.width);
      flow.textAt(text(row), box.x, box.y + (box.height - height) / 2, box.width, style, { align });
    },
  };
}

function headerHeight<Row>(flow: Flow, columns: readonly Column<Row>[]): number {
  return Math.max(...columns.map((column) => flow.textHeight(column.header, HEADER_STYLE, column.width - 2 * PADDING_X))) + 2 * PADDING_Y;
}

function drawHeader<Row>(flow: Flow, columns: readonly Column<Row>[]): void {
  const height = headerHeight(flow, columns);
  flow.doc.rect(flow.left, flow.y, flow.width, height).fill(COLOURS.slate100);
  let x = flow.left;
  for (const column of columns) {
    flow.textAt(column.header, x + PADDING_X, flow.y + PADDING_Y, column.width - 2 * PADDING_X, HEADER_STYLE, { align: column.align ?? 'left' });
    x += column.width;
  }
  flow.y += height;
}

function rowHeight<Row>(flow: Flow, columns: readonly Column<Row>[], row: Row): number {
  return Math.max(...columns.map((column) => column.measure(flow, row, column.width - 2 * PADDING_X))) + 2 * PADDING_Y;
}

export interface TableOptions {
  /** Drawn above the header row again on every page the table continues on. */
  drawContinuation(): void;
  /** Height that must fit with the header and the first row before the table starts (its heading). */
  leadHeight: number;
  drawLead(): void;
}

/**
 * A table that flows over pages: its lead (heading) stays with the header row and the first row,
 * and a page break repeats the continuation heading and the header row. Rows are never split.
 */
export function drawTable<Row>(flow: Flow, columns: readonly Column<Row>[], rows: readonly Row[], options: TableOptions): void {
  const header = headerHeight(flow, columns);
  const first = rows[0] === undefined ? 0 : rowHeight(flow, columns, rows[0]);
  flow.ensure(options.leadHeight + header + first);
  options.drawLead();
  drawHeader(flow, columns);
  rows.forEach((row, index) => {
    const height = rowHeight(flow, columns, row);
    if (flow.ensure(height)) {
      options.drawContinuation();
      drawHeader(flow, columns);
    }
    if (index % 2 === 1) flow.doc.rect(flow.left, flow.y, flow.width, height).fill(COLOURS.slate50);
    let x = flow.left;
    for (const column of columns) {
      column.draw(flow, row, { x: x + PADDING_X, y: flow.y + PADDING_Y, width: column.width - 2 * PADDING_X, height: height - 2 * PADDING_Y });
      x += column.width;
    }
    flow.y += height;
    flow.doc.moveTo(flow.left, flow.y).lineTo(flow.left + flow.width, flow.y).lineWidth(0.5).strokeColor(COLOURS.slate200).stroke();
  });
}
