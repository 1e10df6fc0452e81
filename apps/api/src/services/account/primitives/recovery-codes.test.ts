import { describe, expect, it } from 'vitest';
import { createRecoveryCodes, RECOVERY_CODE_COUNT } from './recovery-codes.ts';

describe('createRecoveryCodes', () => {
  it('gives six distinct codes of ten lower-case hex characters', () => {
    const codes = createRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(6);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{10}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives a new set each time', () => {
    expect(createRecoveryCodes()).not.toEqual(createRecoveryCodes());
  });
});
