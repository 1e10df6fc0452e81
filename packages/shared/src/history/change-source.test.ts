import { describe, expect, it } from 'vitest';
import { decodeSourceHeader, encodeSourceHeader, isSourceUrl, SOURCE_MAX_LENGTH, sourceProblem } from './change-source.ts';

describe('change sources', () => {
  it('accept a URL or a note of up to 2000 characters on one line', () => {
    expect(sourceProblem('')).toBeNull();
    expect(sourceProblem('https://example.org/a?b=c#d')).toBeNull();
    expect(sourceProblem('Phoned the returning officer — confirmé ✓')).toBeNull();
    expect(sourceProblem('🗳'.repeat(SOURCE_MAX_LENGTH))).toBeNull();
    expect(sourceProblem('a'.repeat(SOURCE_MAX_LENGTH + 1))).toBe('too_long');
    for (const control of ['\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085']) expect(sourceProblem(`a${control}b`), JSON.stringify(control)).toBe('control_characters');
  });

  it('link only absolute http(s) addresses', () => {
    expect(isSourceUrl('https://gazette.example.org/notice/14')).toBe(true);
    expect(isSourceUrl('http://example.org')).toBe(true);
    for (const note of ['example.org', 'javascript:alert(1)', 'mailto:a@example.org', 'https://', 'see https://example.org', 'ftp://example.org/x', '']) expect(isSourceUrl(note), note).toBe(false);
  });

  it('travel in a header as printable ASCII, or as UTF-8\'\' and percent-encoding', () => {
    for (const source of ['https://example.org/x?y=%20', 'Communiqué reçu — 14 mars', "UTF-8''looks encoded", '']) {
      expect(decodeSourceHeader(encodeSourceHeader(source))).toBe(source);
    }
    expect(encodeSourceHeader('plain note')).toBe('plain note');
    expect(encodeSourceHeader('é')).toBe("UTF-8''%C3%A9");
    expect(decodeSourceHeader("utf-8''%C3%A9")).toBe('é');
    expect(decodeSourceHeader("UTF-8''%E0%A4%A")).toBeNull();
  });
});
