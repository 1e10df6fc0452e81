import { locationOf, type ImportSummary, type RowOutcome } from './import-rows.ts';

const number = new Intl.NumberFormat('en-US');

/** One line of the report: what happens to the row, where it is, and why when refused. */
export function outcomeLine(outcome: RowOutcome): string {
  const where = `${outcome.file} ${locationOf(outcome)}`.trim();
  const record = outcome.id ? `${outcome.collectionId}/${outcome.id}` : outcome.collectionId;
  const detail = outcome.action === 'refused' ? `: ${outcome.reason}` : outcome.changed ? ` (${outcome.changed.join(', ')})` : '';
  return `${outcome.action.padEnd(9)} ${where}  ${record}${detail}`;
}

export function summaryLine(summary: ImportSummary): string {
  return `${number.format(summary.rows)} rows: ${number.format(summary.create)} create, ${number.format(summary.update)} update, ${number.format(summary.unchanged)} unchanged, ${number.format(summary.refused)} refused`;
}

/** `imported 12,000 / 50,000 rows (2,400 rows/s)`. */
export function progressLine(done: number, total: number, seconds: number): string {
  const rate = seconds > 0 ? Math.round(done / seconds) : 0;
  return `imported ${number.format(done)} / ${number.format(total)} rows (${number.format(rate)} rows/s)`;
}
