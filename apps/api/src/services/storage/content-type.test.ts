import { describe, expect, it } from 'vitest';
import { servesInline, sniffContentType } from './content-type.ts';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('content types of uploaded files', () => {
  it('comes from the bytes, not the name', async () => {
    expect(await sniffContentType(png, 'notes.txt')).toBe('image/png');
    expect(await sniffContentType(Buffer.from('%PDF-1.7\n'), 'photo.jpg')).toBe('application/pdf');
  });

  it('recognises text formats by extension and serves none of the dangerous ones inline', async () => {
    const svg = await sniffContentType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg');
    const html = await sniffContentType(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html');
    expect([svg, html]).toEqual(['image/svg+xml', 'text/html']);
    expect(servesInline(svg)).toBe(false);
    expect(servesInline(html)).toBe(false);
    expect(servesInline('image/png')).toBe(true);
    expect(servesInline('application/pdf')).toBe(true);
    expect(await sniffContentType(Buffer.from([1, 2, 3]), 'blob')).toBe('application/octet-stream');
  });
});
