import { CsvError, parse, type Options } from 'csv-parse/sync';
import type { Cell } from './csv-cells.ts';

/** A CSV record with the physical line it starts on, or why the record on that line cannot be read. */
export type CsvRecord = { line: number; cells: Cell[] } | { line: number; problem: string };

/** Records parsed together; a batch that fails is parsed again record by record to find the broken one. */
const PARSE_BATCH = 500;
/** Longer than any record of the schema (a page body is 100,000 characters): past it, a quote was surely left open. */
const MAX_RECORD_CHARS = 4_000_000;
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

const parseOptions: Options = {
  // An empty unquoted cell is null; `""` is the empty string.
  cast: (value, context) => (value === '' && !context.quoting ? null : value),
  relax_column_count: true,
  record_delimiter: ['\r\n', '\n'],
};

interface RawRecord {
  line: number;
  /** The last line the record covers (a quoted field, or a stray quote, may carry it over line breaks). */
  endLine: number;
  text: string;
}

function problemOf(error: unknown, record: RawRecord, lastLine: number): string {
  if (!(error instanceof CsvError)) throw error;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `broken quote: the quoted field opened on line ${record.line} is not closed before the end of the file (line ${lastLine}), so the rest of the file cannot be read`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'broken quote: a closing quote must be followed by a comma or the end of the line (a quote inside a quoted field is written twice: "")';
    case 'INVALID_OPENING_QUOTE':
      return 'broken quote: a field holding a quote must be quoted as a whole, with its quotes doubled';
    default:
      return `bad CSV structure: ${error.message}`;
  }
}

function parseBatch(batch: readonly RawRecord[], lastLine: number): CsvRecord[] {
  try {
    const records = parse(batch.map((record) => record.text).join(''), parseOptions) as Cell[][];
    if (records.length === batch.length) return records.map((cells, index) => ({ line: batch[index]!.line, cells }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
  }
  return batch.map((record) => {
    try {
      const [cells, ...more] = parse(record.text, parseOptions) as Cell[][];
      if (!cells || more.length) return { line: record.line, problem: 'bad CSV structure: the record could not be read' };
      return { line: record.line, cells };
    } catch (error) {
      const span = record.endLine > record.line ? ` (the record runs over lines ${record.line}–${record.endLine})` : '';
      return { line: record.line, problem: problemOf(error, record, lastLine) + span };
    }
  });
}

/**
 * Reads CSV text as records with the physical line each starts on. Records are split where a
 * line break falls outside quotes (RFC 4180: inside a record, a line break belongs to a field
 * exactly when an odd number of quotes precede it), so a field spanning lines is counted right
 * and a broken record is refused alone: every record after it is still read. Only a quote left
 * open swallows the rest of the file, which is then reported as one problem. Blank lines are skipped.
 */
export async function* readCsvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let rest = '';
  let first = true;
  let batch: RawRecord[] = [];
  let endsWithLineBreak = false;
  const take = (text: string, startLine: number, endLine: number): void => {
    if (text.replace(/[\r\n]/g, '') !== '') batch.push({ line: startLine, endLine, text });
  };
  for await (let chunk of chunks) {
    if (first) {
      chunk = chunk.replace(/^\uFEFF/, '');
      first = false;
    }
    if (chunk !== '') endsWithLineBreak = chunk.endsWith('\n');
    let from = 0;
    for (let index = 0; index < chunk.length; index++) {
      const code = chunk.charCodeAt(index);
      if (code === QUOTE) inQuotes = !inQuotes;
      else if (code === LINE_FEED) {
        line++;
        if (!inQuotes) {
          take(rest + chunk.slice(from, index + 1), recordLine, line - 1);
          rest = '';
          from = index + 1;
          recordLine = line;
        }
      }
    }
    rest += chunk.slice(from);
    if (rest.length > MAX_RECORD_CHARS) {
      yield* parseBatch(batch, line);
      yield { line: recordLine, problem: `bad CSV structure: the record starting on line ${recordLine} runs past ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters (a quote left open?), so the rest of the file cannot be read` };
      return;
    }
    if (batch.length >= PARSE_BATCH) {
      yield* parseBatch(batch, line);
      batch = [];
    }
  }
  const lastLine = endsWithLineBreak ? line - 1 : line;
  take(rest, recordLine, lastLine);
  yield* parseBatch(batch, lastLine);
}
