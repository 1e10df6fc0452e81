import { AuthenticatorType } from 'appwrite';
import { codeField, field } from '../../../lib/account/form-values';
import { completeChallenge, startChallenge } from '../../../lib/account/mfa-challenge.server';
import { formProblem } from '../../../lib/account/problem';
import { qrDrawing } from '../../../lib/account/qr-code.server';
import { isSecondFactor } from '../../../lib/account/second-factor';
import { errorType, type Visitor } from '../../../lib/account/visitor.server';
import { RECENT_MFA_INTENTS, type ProfileIntent, type RecentMfaIntent } from '../types';
import { done, failed, type ActionContext, type Handler, type Outcome } from './outcome.server';

function totpShown(secret: string, uri: string) {
  return { secret, uri, qr: qrDrawing(uri) };
}

/** Six fresh recovery codes: created the first time, regenerated after (needs a recent challenge). */
async function newRecoveryCodes(visitor: Visitor): Promise<string[]> {
  try {
    return (await visitor.account.createMfaRecoveryCodes()).recoveryCodes;
  } catch (error) {
    // Codes were made once (perhaps all used up): only regenerating gives new ones.
    if (errorType(error) !== 'user_recovery_codes_already_exists') throw error;
    return (await visitor.account.updateMfaRecoveryCodes()).recoveryCodes;
  }
}

/**
 * An intent the API allows only after a recent challenge: when it answers
 * `user_challenge_required`, the page asks for a second factor and then runs it again.
 */
async function withRecentMfa(intent: RecentMfaIntent, run: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await run();
  } catch (error) {
    if (errorType(error) === 'user_challenge_required') return failed(intent, error, { then: intent });
    return failed(intent, error);
  }
}

const recentMfaHandlers: Record<RecentMfaIntent, (context: ActionContext) => Promise<Outcome>> = {
  'totp-remove': ({ visitor }) =>
    withRecentMfa('totp-remove', async () => {
      await visitor.account.deleteMfaAuthenticator({ type: AuthenticatorType.Totp });
      return done('totp-remove');
    }),
  'codes-regenerate': ({ visitor }) =>
    withRecentMfa('codes-regenerate', async () => {
      const { recoveryCodes } = await visitor.account.updateMfaRecoveryCodes();
      return done('codes-regenerate', { recoveryCodes });
    }),
};

function thenOf(form: FormData): RecentMfaIntent | null {
  const then = field(form, 'then');
  return (RECENT_MFA_INTENTS as readonly string[]).includes(then) ? (then as RecentMfaIntent) : null;
}

export const securityHandlers: Partial<Record<ProfileIntent, Handler>> = {
  async 'totp-start'({ visitor }) {
    try {
      const { secret, uri } = await visitor.account.createMfaAuthenticator({ type: AuthenticatorType.Totp });
      return done('totp-start', { totp: totpShown(secret, uri) });
    } catch (error) {
      return failed('totp-start', error);
    }
  },

  /**
   * The app's first code proves it holds the secret. Then two-step sign-in is turned on and, the
   * first time, recovery codes are made and shown once.
   */
  async 'totp-confirm'({ visitor, form }) {
    const secret = field(form, 'secret');
    const uri = field(form, 'uri');
    const shown = uri.startsWith('otpauth://') ? { totp: totpShown(secret, uri) } : {};
    const code = codeField(form, 'code');
    if (!/^\d{6}$/.test(code)) return failed('totp-confirm', formProblem('form_code'), { field: 'code', ...shown });
    try {
      await visitor.account.updateMfaAuthenticator({ type: AuthenticatorType.Totp, otp: code });
    } catch (error) {
      return failed('totp-confirm', error, { field: 'code', ...shown });
    }
    try {
      const account = await visitor.account.get();
      if (!account.mfa) await visitor.account.updateMFA({ mfa: true });
      const factors = await visitor.account.listMfaFactors();
      return done('totp-confirm', factors.recoveryCode ? {} : { recoveryCodes: await newRecoveryCodes(visitor) });
    } catch (error) {
      return failed('totp-confirm', error);
    }
  },

  async 'mfa-on'({ visitor }) {
    try {
      await visitor.account.updateMFA({ mfa: true });
      const factors = await visitor.account.listMfaFactors();
      // Without recovery codes a lost phone would lock the visitor out: make them now.
      return done('mfa-on', factors.recoveryCode ? {} : { recoveryCodes: await newRecoveryCodes(visitor) });
    } catch (error) {
      return failed('mfa-on', error);
    }
  },

  async 'mfa-off'({ visitor }) {
    try {
      await visitor.account.updateMFA({ mfa: false });
      return done('mfa-off');
    } catch (error) {
      return failed('mfa-off', error);
    }
  },

  async 'codes-create'({ visitor }) {
    try {
      return done('codes-create', { recoveryCodes: await newRecoveryCodes(visitor) });
    } catch (error) {
      if (errorType(error) === 'user_challenge_required') return failed('codes-regenerate', error, { then: 'codes-regenerate' });
      return failed('codes-create', error);
    }
  },

  'totp-remove': recentMfaHandlers['totp-remove'],
  'codes-regenerate': recentMfaHandlers['codes-regenerate'],

  /** Sends the code of a challenge that confirms a recent-MFA intent (e-mail, phone). */
  async 'reauth-send'({ visitor, form }) {
    const then = thenOf(form);
    const factor = field(form, 'factor');
    if (!then || !isSecondFactor(factor)) return failed('reauth-send', formProblem('form_required'));
    const started = await startChallenge(visitor, factor);
    if ('problem' in started) return failed('reauth-send', started.error ?? started.problem, { then, challenge: { factor, challengeId: '', problem: started.problem } });
    return done('reauth-send', { then, challenge: { factor, challengeId: started.challengeId } });
  },

  /** Answers the challenge, then does what it was for. */
  async 'reauth-verify'(context) {
    const { visitor, form } = context;
    const then = thenOf(form);
    const factor = field(form, 'factor');
    if (!then || !isSecondFactor(factor)) return failed('reauth-verify', formProblem('form_required'));
    const outcome = await completeChallenge(visitor, factor, field(form, 'challengeId'), codeField(form, 'code'));
    if ('problem' in outcome) return failed('reauth-verify', outcome.error ?? outcome.problem, { then, challenge: { factor, challengeId: outcome.challengeId, problem: outcome.problem } });
    return recentMfaHandlers[then](context);
  },
};
