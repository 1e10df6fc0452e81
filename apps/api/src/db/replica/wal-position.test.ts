import { describe, expect, it } from 'vitest';
import { parseWalPosition } from './wal-position.ts';

describe('parseWalPosition', () => {
  it('reads both halves of a position, so positions compare as numbers', () => {
    expect(parseWalPosition('0/0')).toBe(0n);
    expect(parseWalPosition('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseWalPosition('1/0') > parseWalPosition('0/FFFFFFFF')).toBe(true);
    expect(parseWalPosition('0/3000148') > parseWalPosition('0/30000D8')).toBe(true);
  });

  it('refuses what is not a position', () => {
    expect(() => parseWalPosition('')).toThrow(/not a WAL position/);
    expect(() => parseWalPosition('16B374D848')).toThrow(/not a WAL position/);
    expect(() => parseWalPosition('1/123456789')).toThrow(/not a WAL position/);
  });
});
