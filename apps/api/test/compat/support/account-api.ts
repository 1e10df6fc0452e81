import * as appwrite17 from 'appwrite17';
import type { Models } from 'appwrite17';
import * as appwrite28 from 'appwrite28';

export type WireAccount = Models.User<Models.Preferences>;
export type { Models };

type Factor = 'email' | 'phone' | 'totp' | 'recoverycode';

/**
 * The Account calls of seed §7 in one positional form. SDK 17 is called as is; SDK 28 through its
 * object-parameter form (the one its docs lead with), which also reaches its newer paths
 * (`/account/mfa/challenges`, `/account/verifications/email`, `/account/verifications/phone`).
 */
export interface AccountApi {
  get(): Promise<WireAccount>;
  create(userId: string, email: string, password: string, name?: string): Promise<WireAccount>;
  updateEmail(email: string, password: string): Promise<WireAccount>;
  updateName(name: string): Promise<WireAccount>;
  updatePassword(password: string, oldPassword?: string): Promise<WireAccount>;
  updatePhone(phone: string, password: string): Promise<WireAccount>;
  getPrefs(): Promise<Models.Preferences>;
  updatePrefs(prefs: Record<string, unknown>): Promise<WireAccount>;
  updateStatus(): Promise<WireAccount>;
  listIdentities(queries?: string[]): Promise<Models.IdentityList>;
  deleteIdentity(identityId: string): Promise<unknown>;
  /** `duration` (0–3600 s) exists from SDK 28 on; SDK 17 sends none. */
  createJWT(duration?: number): Promise<Models.Jwt>;
  /** SDK 17 only; SDK 28 dropped it. */
  listLogs?(queries?: string[]): Promise<Models.LogList>;
  updateMFA(mfa: boolean): Promise<WireAccount>;
  createMfaAuthenticator(type: 'totp'): Promise<Models.MfaType>;
  updateMfaAuthenticator(type: 'totp', otp: string): Promise<WireAccount>;
  deleteMfaAuthenticator(type: 'totp'): Promise<unknown>;
  createMfaChallenge(factor: Factor): Promise<Models.MfaChallenge>;
  updateMfaChallenge(challengeId: string, otp: string): Promise<Models.Session>;
  listMfaFactors(): Promise<Models.MfaFactors>;
  createMfaRecoveryCodes(): Promise<Models.MfaRecoveryCodes>;
  getMfaRecoveryCodes(): Promise<Models.MfaRecoveryCodes>;
  updateMfaRecoveryCodes(): Promise<Models.MfaRecoveryCodes>;
  createRecovery(email: string, url: string): Promise<Models.Token>;
  updateRecovery(userId: string, secret: string, password: string): Promise<Models.Token>;
  listSessions(): Promise<Models.SessionList>;
  deleteSessions(): Promise<unknown>;
  createAnonymousSession(): Promise<Models.Session>;
  createEmailPasswordSession(email: string, password: string): Promise<Models.Session>;
  updateMagicURLSession(userId: string, secret: string): Promise<Models.Session>;
  updatePhoneSession(userId: string, secret: string): Promise<Models.Session>;
  createSession(userId: string, secret: string): Promise<Models.Session>;
  getSession(sessionId: string): Promise<Models.Session>;
  updateSession(sessionId: string): Promise<Models.Session>;
  deleteSession(sessionId: string): Promise<unknown>;
  createPushTarget(targetId: string, identifier: string, providerId?: string): Promise<Models.Target>;
  updatePushTarget(targetId: string, identifier: string): Promise<Models.Target>;
  deletePushTarget(targetId: string): Promise<unknown>;
  createEmailToken(userId: string, email: string, phrase?: boolean): Promise<Models.Token>;
  createMagicURLToken(userId: string, email: string, url?: string, phrase?: boolean): Promise<Models.Token>;
  createPhoneToken(userId: string, phone: string): Promise<Models.Token>;
  createVerification(url: string): Promise<Models.Token>;
  updateVerification(userId: string, secret: string): Promise<Models.Token>;
  createPhoneVerification(): Promise<Models.Token>;
  updatePhoneVerification(userId: string, secret: string): Promise<Models.Token>;
}

export function accountApi17(client: appwrite17.Client): AccountApi {
  return new appwrite17.Account(client) as unknown as AccountApi;
}

export function accountApi28(client: appwrite28.Client): AccountApi {
  const account = new appwrite28.Account(client);
  const factor = (value: Factor) => value as appwrite28.AuthenticationFactor;
  const type = appwrite28.AuthenticatorType.Totp;
  const api: AccountApi = {
    get: () => account.get(),
    create: (userId, email, password, name) => account.create({ userId, email, password, ...(name === undefined ? {} : { name }) }),
    updateEmail: (email, password) => account.updateEmail({ email, password }),
    updateName: (name) => account.updateName({ name }),
    updatePassword: (password, oldPassword) => account.updatePassword({ password, ...(oldPassword === undefined ? {} : { oldPassword }) }),
    updatePhone: (phone, password) => account.updatePhone({ phone, password }),
    getPrefs: () => account.getPrefs(),
    updatePrefs: (prefs) => account.updatePrefs({ prefs }),
    updateStatus: () => account.updateStatus(),
    listIdentities: (queries) => account.listIdentities({ ...(queries ? { queries } : {}) }),
    deleteIdentity: (identityId) => account.deleteIdentity({ identityId }),
    createJWT: (duration) => account.createJWT(duration === undefined ? {} : { duration }),
    updateMFA: (mfa) => account.updateMFA({ mfa }),
    createMfaAuthenticator: () => account.createMfaAuthenticator({ type }),
    updateMfaAuthenticator: (_type, otp) => account.updateMfaAuthenticator({ type, otp }),
    deleteMfaAuthenticator: () => account.deleteMfaAuthenticator({ type }),
    createMfaChallenge: (value) => account.createMfaChallenge({ factor: factor(value) }),
    updateMfaChallenge: (challengeId, otp) => account.updateMfaChallenge({ challengeId, otp }),
    listMfaFactors: () => account.listMfaFactors(),
    createMfaRecoveryCodes: () => account.createMfaRecoveryCodes(),
    getMfaRecoveryCodes: () => account.getMfaRecoveryCodes(),
    updateMfaRecoveryCodes: () => account.updateMfaRecoveryCodes(),
    createRecovery: (email, url) => account.createRecovery({ email, url }),
    updateRecovery: (userId, secret, password) => account.updateRecovery({ userId, secret, password }),
    listSessions: () => account.listSessions(),
    deleteSessions: () => account.deleteSessions(),
    createAnonymousSession: () => account.createAnonymousSession(),
    createEmailPasswordSession: (email, password) => account.createEmailPasswordSession({ email, password }),
    updateMagicURLSession: (userId, secret) => account.updateMagicURLSession({ userId, secret }),
    updatePhoneSession: (userId, secret) => account.updatePhoneSession({ userId, secret }),
    createSession: (userId, secret) => account.createSession({ userId, secret }),
    getSession: (sessionId) => account.getSession({ sessionId }),
    updateSession: (sessionId) => account.updateSession({ sessionId }),
    deleteSession: (sessionId) => account.deleteSession({ sessionId }),
    createPushTarget: (targetId, identifier, providerId) => account.createPushTarget({ targetId, identifier, ...(providerId === undefined ? {} : { providerId }) }),
    updatePushTarget: (targetId, identifier) => account.updatePushTarget({ targetId, identifier }),
    deletePushTarget: (targetId) => account.deletePushTarget({ targetId }),
    createEmailToken: (userId, email, phrase) => account.createEmailToken({ userId, email, ...(phrase === undefined ? {} : { phrase }) }),
    createMagicURLToken: (userId, email, url, phrase) =>
      account.createMagicURLToken({ userId, email, ...(url === undefined ? {} : { url }), ...(phrase === undefined ? {} : { phrase }) }),
    createPhoneToken: (userId, phone) => account.createPhoneToken({ userId, phone }),
    createVerification: (url) => account.createEmailVerification({ url }),
    updateVerification: (userId, secret) => account.updateEmailVerification({ userId, secret }),
    createPhoneVerification: () => account.createPhoneVerification(),
    updatePhoneVerification: (userId, secret) => account.updatePhoneVerification({ userId, secret }),
  };
  // The SDK 28 models are a superset of SDK 17's for every field these tests read.
  return api as AccountApi;
}
