import { AuthenticationFactor } from 'appwrite';
import { formProblem, type Problem } from './problem';
import { problemOf } from './problem.server';
import { codePattern, isDelivered, type SecondFactor } from './second-factor';
import type { Visitor } from './visitor.server';

export { isSecondFactor } from './second-factor';

const SDK_FACTORS: Record<SecondFactor, AuthenticationFactor> = {
  totp: AuthenticationFactor.Totp,
  email: AuthenticationFactor.Email,
  phone: AuthenticationFactor.Phone,
  recoverycode: AuthenticationFactor.Recoverycode,
};

export type ChallengeFailure = { problem: Problem; error?: unknown; challengeId: string };

/** Opens a challenge; for e-mail and phone the API sends the code now. */
export async function startChallenge(visitor: Visitor, factor: SecondFactor): Promise<{ challengeId: string } | ChallengeFailure> {
  try {
    const challenge = await visitor.account.createMfaChallenge({ factor: SDK_FACTORS[factor] });
    return { challengeId: challenge.$id };
  } catch (error) {
    return { problem: problemOf(error), error, challengeId: '' };
  }
}

/**
 * Answers a challenge with `code`. App and recovery codes need no earlier step, so their
 * challenge is opened here; a sent code answers the challenge that sent it (`challengeId`).
 * The session then counts the factor (and, for the "recent challenge" rule, the time).
 */
export async function completeChallenge(visitor: Visitor, factor: SecondFactor, challengeId: string, code: string): Promise<{ done: true } | ChallengeFailure> {
  if (!codePattern(factor).test(code)) return { problem: formProblem('form_code'), challengeId };
  let id = challengeId;
  if (!id) {
    if (isDelivered(factor)) return { problem: formProblem('form_code'), challengeId };
    const started = await startChallenge(visitor, factor);
    if ('problem' in started) return started;
    id = started.challengeId;
  }
  try {
    await visitor.account.updateMfaChallenge({ challengeId: id, otp: code.toLowerCase() });
    return { done: true };
  } catch (error) {
    return { problem: problemOf(error), error, challengeId: isDelivered(factor) ? id : '' };
  }
}
