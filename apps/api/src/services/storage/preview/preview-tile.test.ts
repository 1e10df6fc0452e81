import { describe, expect, it } from 'vitest';
import { fileTypeLabel, tileSize } from './preview-tile.ts';

describe('fileTypeLabel', () => {
  it.each([
    ['application/pdf', 'PDF'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'DOCX'],
    ['text/plain; charset=utf-8', 'TXT'],
    ['TEXT/CSV', 'CSV'],
    ['audio/ogg', 'OGG'],
    ['video/mp4', 'MP4'],
    ['application/x-bzip2', 'BZ2'],
    ['application/x-sql', 'SQL'],
    ['application/epub+zip', 'EPUB'],
    ['image/tiff', 'TIFF'],
    ['application/vnd.ms-fontobject', 'FILE'],
    ['video/x-matroska', 'FILE'],
    ['application/octet-stream', 'FILE'],
    ['', 'FILE'],
    ['nonsense', 'FILE'],
  ])('%s → %s', (mime, label) => {
    expect(fileTypeLabel(mime)).toBe(label);
  });
});

describe('tileSize', () => {
  it('uses the requested box, a square for one side, 256 for none', () => {
    expect(tileSize(300, 200)).toEqual({ width: 300, height: 200 });
    expect(tileSize(0, 80)).toEqual({ width: 80, height: 80 });
    expect(tileSize(120, 0)).toEqual({ width: 120, height: 120 });
    expect(tileSize(0, 0)).toEqual({ width: 256, height: 256 });
  });
});
