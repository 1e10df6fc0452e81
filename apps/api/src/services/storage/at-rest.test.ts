import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './at-rest.ts';

describe('files at rest', () => {
  const text = Buffer.from('Ballot Atlas '.repeat(5000));
  const key = randomBytes(32);

  for (const compression of ['none', 'gzip', 'zstd'] as const) {
    for (const encrypted of [false, true]) {
      it(`round-trips with compression ${compression}${encrypted ? ' and encryption' : ''}`, async () => {
        const { bytes, meta } = await seal(text, compression, encrypted ? key : null);
        if (compression !== 'none') expect(bytes.length).toBeLessThan(text.length / 10);
        if (encrypted) expect(bytes.includes(Buffer.from('Ballot Atlas'))).toBe(false);
        expect(await unseal(bytes, meta, encrypted ? key : null)).toEqual(text);
      });
    }
  }

  it('refuses an encrypted file whose bytes were changed', async () => {
    const { bytes, meta } = await seal(text, 'none', key);
    bytes[10] = bytes[10]! ^ 0xff;
    await expect(unseal(bytes, meta, key)).rejects.toThrow();
  });
});
