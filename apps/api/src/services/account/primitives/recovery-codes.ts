import { randomHex } from './secrets.ts';

export const RECOVERY_CODE_COUNT = 6;
const RECOVERY_CODE_BYTES = 5;

/** A fresh set of MFA recovery codes: six distinct codes of ten lower-case hex characters. */
export function createRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(randomHex(RECOVERY_CODE_BYTES));
  return [...codes];
}
