// Password guessing against one address stops at Appwrite's limit: 10 sign-in attempts per e-mail
// per hour. These servers run with abuse limits on (the rest of the compat suite turns them off).
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { TEST_PROJECT } from '../support/test-server.ts';
import { signIn, signUp } from './support/accounts.ts';
import { describeCompat } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';

const LIMIT = 10;
const WINDOW_SECONDS = 3600;

/** Waits out the last seconds of a fixed window, so the attempts all land in one window. */
async function startOfBurst(): Promise<void> {
  const secondsLeft = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS);
  if (secondsLeft < 10) await sleep(secondsLeft * 1000 + 50);
}

describeCompat(
  'account sign-in rate limit',
  (context) => {
    it(`the ${LIMIT + 1}th createEmailPasswordSession for one e-mail is general_rate_limit_exceeded, even with the right password`, async () => {
      const victim = await signUp(context, 'victim');
      const bystander = await signUp(context, 'bystander');
      await startOfBurst();
      for (let attempt = 1; attempt <= LIMIT; attempt++) {
        await expectSdkError(context.sdk, () => context.guest.account.createEmailPasswordSession(victim.email, `guess-number-${attempt}`), { code: 401, type: 'user_invalid_credentials' });
      }
      const error = await expectSdkError(context.sdk, () => context.guest.account.createEmailPasswordSession(victim.email, victim.password), { code: 429, type: 'general_rate_limit_exceeded' });
      expect(error.message).toBe('Rate limit for the current endpoint has been exceeded. Please try again after some time.');

      const response = await fetch(`${context.endpoint}/account/sessions/email`, {
        method: 'POST',
        headers: { 'x-appwrite-project': TEST_PROJECT, 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email.toUpperCase(), password: victim.password }),
      });
      expect(response.status).toBe(429);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      const reset = Number(response.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + WINDOW_SECONDS);

      // Another address is not affected.
      const { session } = await signIn(context, bystander);
      expect(session.userId).toBe(bystander.id);
    });
  },
  { env: { ABUSE_LIMITS: 'enabled' } },
);
