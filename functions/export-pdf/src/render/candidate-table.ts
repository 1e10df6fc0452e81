import type { CandidateRow, OfficeGroup } from '../document-model.ts';
import type { Labels } from '../labels.ts';
import type { Flow, TextStyle } from './flow.ts';
import { initialsOf, type Pictures } from './pictures.ts';
import { drawTable, textColumn, type Column } from './table.ts';
import { COLOURS } from './theme.ts';

const PHOTO = 24;
const LOGO = 14;
const SWATCH = 8;
const NAME: TextStyle = { font: 'bold', size: 9.5, colour: COLOURS.slate900 };
const CELL: TextStyle = { font: 'regular', size: 8.5, colour: COLOURS.slate700 };
const NUMBER: TextStyle = { font: 'bold', size: 11, colour: COLOURS.green800 };
const INITIALS: TextStyle = { font: 'bold', size: 8, colour: COLOURS.slate600 };
const OFFICE_HEADING: TextStyle = { font: 'bold', size: 13, colour: COLOURS.green800 };
const OFFICE_COUNT: TextStyle = { font: 'regular', size: 8.5, colour: COLOURS.slate500 };
const PLACE_HEADING: TextStyle = { font: 'bold', size: 10, colour: COLOURS.slate700 };

function photoColumn(pictures: Pictures): Column<CandidateRow> {
  return {
    header: '',
    width: PHOTO + 8,
    measure: () => PHOTO,
    draw: (flow, row, box) => {
      const y = box.y + (box.height - PHOTO) / 2;
      if (pictures.draw(row.photo, box.x, y, PHOTO, 4)) return;
      flow.doc.circle(box.x + PHOTO / 2, y + PHOTO / 2, PHOTO / 2).fill(COLOURS.slate200);
      flow.textAt(initialsOf(row.name), box.x, y + (PHOTO - INITIALS.size * 1.15) / 2, PHOTO, INITIALS, { align: 'center' });
    },
  };
}

function partyColumn(labels: Labels, pictures: Pictures, width: number): Column<CandidateRow> {
  const marks = SWATCH + 4 + LOGO + 5;
  const partyName = (row: CandidateRow) => row.party?.name ?? labels.independent;
  return {
    header: labels.party,
    width,
    measure: (flow, row, cellWidth) => Math.max(LOGO, flow.textHeight(partyName(row), CELL, cellWidth - marks)),
    draw: (flow, row, box) => {
      const middle = box.y + box.height / 2;
      const doc = flow.doc;
      if (row.party) doc.roundedRect(box.x, middle - SWATCH / 2, SWATCH, SWATCH, 1.5).fill(row.party.colour);
      else doc.roundedRect(box.x + 0.5, middle - SWATCH / 2 + 0.5, SWATCH - 1, SWATCH - 1, 1.5).lineWidth(0.75).strokeColor(COLOURS.slate300).stroke();
      pictures.draw(row.party?.logo ?? null, box.x + SWATCH + 4, middle - LOGO / 2, LOGO, 2);
      const textWidth = box.width - marks;
      const height = flow.textHeight(partyName(row), CELL, textWidth);
      flow.textAt(partyName(row), box.x + marks, middle - height / 2, textWidth, CELL);
    },
  };
}

function candidateColumns(flow: Flow, labels: Labels, pictures: Pictures): Column<CandidateRow>[] {
  const number = textColumn<CandidateRow>(labels.ballotNumber, 34, NUMBER, (row) => (row.ballotNumber === null ? '' : String(row.ballotNumber)), 'center');
  const photo = photoColumn(pictures);
  const fixed = number.width + photo.width;
  const name = textColumn<CandidateRow>(labels.name, Math.round((flow.width - fixed) * 0.38), NAME, (row) => row.name);
  const party = partyColumn(labels, pictures, Math.round((flow.width - fixed) * 0.34));
  const office = textColumn<CandidateRow>(labels.office, flow.width - fixed - name.width - party.width, CELL, (row) => row.office);
  return [number, photo, name, party, office];
}

function officeHeadingHeight(flow: Flow, office: OfficeGroup): number {
  return flow.textHeight(office.office, OFFICE_HEADING, flow.width - 120) + 8;
}

function drawOfficeHeading(flow: Flow, office: OfficeGroup, labels: Labels): void {
  const count = office.places.reduce((sum, place) => sum + place.rows.length, 0);
  flow.textAt(office.office, flow.left, flow.y, flow.width - 120, OFFICE_HEADING);
  flow.textAt(labels.candidateCount(count), flow.left + flow.width - 120, flow.y + 4, 120, OFFICE_COUNT, { align: 'right' });
  flow.y += officeHeadingHeight(flow, office);
}

function placeHeadingHeight(flow: Flow, heading: string): number {
  return flow.textHeight(heading, PLACE_HEADING, flow.width) + 5;
}

function drawPlaceHeading(flow: Flow, heading: string): void {
  flow.textAt(heading, flow.left, flow.y, flow.width, PLACE_HEADING);
  flow.y += placeHeadingHeight(flow, heading);
}

/** Lets the event loop run (the function's progress writes go out while a long export is drawn). */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Each office: its heading, then one table per place, in the order given. */
export async function drawCandidateGroups(flow: Flow, offices: readonly OfficeGroup[], labels: Labels, pictures: Pictures): Promise<void> {
  const columns = candidateColumns(flow, labels, pictures);
  for (const office of offices) {
    for (const [index, place] of office.places.entries()) {
      const withOffice = index === 0;
      // A place that opens a page names its office too, as the page has no office heading above it.
      const placeWithOffice = `${office.office} · ${place.place}`;
      const lead = placeHeadingHeight(flow, placeWithOffice) + (withOffice ? officeHeadingHeight(flow, office) + 10 : 8);
      drawTable(flow, columns, place.rows, {
        leadHeight: lead,
        drawLead: () => {
          const opensPage = flow.atPageTop();
          if (!opensPage) flow.y += withOffice ? 10 : 8;
          if (withOffice) drawOfficeHeading(flow, office, labels);
          drawPlaceHeading(flow, opensPage && !withOffice ? placeWithOffice : place.place);
        },
        drawContinuation: () => drawPlaceHeading(flow, labels.continued(`${office.office} · ${place.place}`)),
      });
      await yieldToEventLoop();
    }
  }
}
