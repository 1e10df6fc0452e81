import { expect } from 'vitest';
import type { SdkError, SdkGeneration } from './sdk-generations.ts';

/** Runs an SDK call that must fail and checks what the caller sees: an AppwriteException with this code and type. */
export async function expectSdkError(sdk: SdkGeneration, call: () => Promise<unknown>, expected: { code: number; type: string }): Promise<SdkError> {
  let outcome: unknown;
  try {
    outcome = await call();
  } catch (error) {
    expect(error).toBeInstanceOf(sdk.AppwriteException);
    const { code, type } = error as SdkError;
    expect({ code, type }).toEqual(expected);
    return error as SdkError;
  }
  throw new Error(`expected ${expected.code} ${expected.type} but the call succeeded with ${JSON.stringify(outcome)}`);
}
