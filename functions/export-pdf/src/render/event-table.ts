import type { EventRow, MonthGroup } from '../document-model.ts';
import type { Labels } from '../labels.ts';
import type { Flow, TextStyle } from './flow.ts';
import { drawTable, textColumn, type Column } from './table.ts';
import { COLOURS } from './theme.ts';

const CELL: TextStyle = { font: 'regular', size: 8.5, colour: COLOURS.slate700 };
const TITLE: TextStyle = { font: 'bold', size: 9, colour: COLOURS.slate900 };
const MONTH_HEADING: TextStyle = { font: 'bold', size: 13, colour: COLOURS.green800 };

function eventColumns(flow: Flow, labels: Labels): Column<EventRow>[] {
  const when = textColumn<EventRow>(labels.date, 128, CELL, (row) => row.when);
  const title = textColumn<EventRow>(labels.event, Math.round((flow.width - when.width) * 0.45), TITLE, (row) => row.title);
  const kind = textColumn<EventRow>(labels.kind, 78, CELL, (row) => row.kind);
  const location = textColumn<EventRow>(labels.location, flow.width - when.width - title.width - kind.width, CELL, (row) => row.location);
  return [when, title, kind, location];
}

/** The calendar: a heading and a table per month. */
export function drawEventMonths(flow: Flow, months: readonly MonthGroup[], labels: Labels): void {
  const columns = eventColumns(flow, labels);
  for (const month of months) {
    const headingHeight = flow.textHeight(month.month, MONTH_HEADING, flow.width) + 6;
    drawTable(flow, columns, month.events, {
      leadHeight: headingHeight + 10,
      drawLead: () => {
        if (!flow.atPageTop()) flow.y += 10;
        flow.textAt(month.month, flow.left, flow.y, flow.width, MONTH_HEADING);
        flow.y += headingHeight;
      },
      drawContinuation: () => {
        const text = labels.continued(month.month);
        flow.textAt(text, flow.left, flow.y, flow.width, { ...MONTH_HEADING, size: 10 });
        flow.y += flow.textHeight(text, { ...MONTH_HEADING, size: 10 }, flow.width) + 5;
      },
    });
  }
}
