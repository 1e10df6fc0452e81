import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrDrawing } from './qr-code.server';

/** Redraws the path on a grid, to compare with the library's own matrix. */
function raster(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const match of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, width] = [Number(match[1]), Number(match[2]), Number(match[3])];
    for (let offset = 0; offset < width; offset++) grid[y]![x + offset] = true;
  }
  return grid;
}

describe('qrDrawing', () => {
  it('draws exactly the dark modules of the code, inside a 4-module quiet zone', () => {
    const uri = 'otpauth://totp/Ballot%20Atlas:ann%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Ballot%20Atlas';
    const { size, path } = qrDrawing(uri);
    const { modules } = QRCode.create(uri, { errorCorrectionLevel: 'M' });
    expect(size).toBe(modules.size + 8);
    const grid = raster(path, size);
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) {
        const inside = row >= 4 && column >= 4 && row < size - 4 && column < size - 4;
        expect(grid[row]![column], `${row},${column}`).toBe(inside ? Boolean(modules.get(row - 4, column - 4)) : false);
      }
    }
  });
});
