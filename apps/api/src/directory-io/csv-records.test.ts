import { describe, expect, it } from 'vitest';
import { readCsvRecords, type CsvRecord } from './csv-records.ts';

/** Feeds the text in small chunks, so records and quotes straddle chunk boundaries. */
async function records(text: string, chunkSize = 7): Promise<CsvRecord[]> {
  async function* chunks() {
    for (let start = 0; start < text.length; start += chunkSize) yield text.slice(start, start + chunkSize);
  }
  const read: CsvRecord[] = [];
  for await (const record of readCsvRecords(chunks())) read.push(record);
  return read;
}

describe('readCsvRecords', () => {
  it('gives each record the physical line it starts on, across quoted line breaks, CRLF and blank lines', async () => {
    const text = '\uFEFFa,b,c\r\n1,"two\r\nlines",x\r\n\r\n2,"three\nmore\nlines",y\n3,,""\n4,"say ""hi""",z';
    expect(await records(text)).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['1', 'two\r\nlines', 'x'] },
      { line: 5, cells: ['2', 'three\nmore\nlines', 'y'] },
      { line: 8, cells: ['3', null, ''] },
      { line: 9, cells: ['4', 'say "hi"', 'z'] },
    ]);
  });

  it('refuses a broken record alone and reads on, also when it falls inside a batch of good ones', async () => {
    const good = Array.from({ length: 700 }, (_, index) => `${index},"ok",x`);
    good[600] = '600,"bro"ken,x';
    const read = await records(['n,s,t', ...good, ''].join('\n'), 4096);
    expect(read).toHaveLength(701);
    const broken = read.filter((record) => 'problem' in record);
    expect(broken).toEqual([{ line: 602, problem: expect.stringMatching(/^broken quote: a closing quote must be followed by a comma/) }]);
    expect(read[700]).toEqual({ line: 701, cells: ['699', 'ok', 'x'] });
  });

  it('reports a quote left open as the last record, with the lines it swallowed', async () => {
    expect(await records('a,b\n1,"open\n2,3\n4,5\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, problem: 'broken quote: the quoted field opened on line 2 is not closed before the end of the file (line 4), so the rest of the file cannot be read (the record runs over lines 2–4)' },
    ]);
  });
});
