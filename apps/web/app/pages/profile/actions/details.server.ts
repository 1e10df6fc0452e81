import { emailProblem, field, NAME_MAX, passwordProblem, secretField, codeField } from '../../../lib/account/form-values';
import { formProblem } from '../../../lib/account/problem';
import { siteOrigin } from '../../../lib/account/site-origin.server';
import { errorType } from '../../../lib/account/visitor.server';
import { COLOUR_MODES } from '../../../lib/colour-mode';
import { siteEnv } from '../../../lib/env.server';
import { languageCookie } from '../../../lib/i18n.server';
import { staticPaths } from '../../../lib/urls';
import type { ProfileIntent } from '../types';
import { done, failed, type Handler } from './outcome.server';

const PHONE = /^\+[1-9]\d{6,14}$/;

/** The password that confirms a change; accounts without one (code, link, OAuth2) set it this way. */
function confirmingPassword(form: FormData) {
  return secretField(form, 'password');
}

export const detailsHandlers: Partial<Record<ProfileIntent, Handler>> = {
  async name({ visitor, form }) {
    const name = field(form, 'name');
    if ([...name].length > NAME_MAX) return failed('name', formProblem('form_too_long'), { field: 'name', values: { name } });
    try {
      await visitor.account.updateName({ name });
      return done('name');
    } catch (error) {
      return failed('name', error, { values: { name } });
    }
  },

  async email({ request, visitor, form }) {
    const email = field(form, 'email').toLowerCase();
    const password = confirmingPassword(form);
    const issue = emailProblem(email);
    if (issue) return failed('email', issue, { field: 'email', values: { email } });
    const passwordIssue = passwordProblem(password);
    if (passwordIssue) return failed('email', passwordIssue, { field: 'password', values: { email } });
    try {
      await visitor.account.updateEmail({ email, password });
    } catch (error) {
      return failed('email', error, { values: { email } });
    }
    // A new address is unverified: send the link straight away.
    await visitor.account.createVerification({ url: `${siteOrigin(request)}${staticPaths.verify}` }).catch(() => undefined);
    return done('email');
  },

  async phone({ visitor, form }) {
    const phone = field(form, 'phone').replace(/[\s().-]/g, '');
    const password = confirmingPassword(form);
    if (!PHONE.test(phone)) return failed('phone', formProblem('form_phone'), { field: 'phone', values: { phone } });
    const passwordIssue = passwordProblem(password);
    if (passwordIssue) return failed('phone', passwordIssue, { field: 'password', values: { phone } });
    try {
      await visitor.account.updatePhone({ phone, password });
      return done('phone');
    } catch (error) {
      return failed('phone', error, { values: { phone } });
    }
  },

  async password({ visitor, form }) {
    const password = secretField(form, 'password');
    const oldPassword = secretField(form, 'oldPassword');
    const issue = passwordProblem(password);
    if (issue) return failed('password', issue, { field: 'password' });
    if (password !== secretField(form, 'confirm')) return failed('password', formProblem('form_passwords_differ'), { field: 'confirm' });
    try {
      await visitor.account.updatePassword({ password, ...(oldPassword ? { oldPassword } : {}) });
      return done('password');
    } catch (error) {
      return failed('password', error, errorType(error) === 'user_invalid_credentials' ? { field: 'oldPassword' } : {});
    }
  },

  /** Language and colour mode, kept in the account's prefs (other prefs are left as they are). */
  async prefs({ visitor, form }) {
    const language = field(form, 'language');
    const colourMode = field(form, 'colourMode');
    if (!siteEnv().languages.includes(language) || !(COLOUR_MODES as readonly string[]).includes(colourMode)) return failed('prefs', formProblem('form_required'));
    try {
      const prefs = await visitor.account.getPrefs();
      await visitor.account.updatePrefs({ prefs: { ...prefs, language, colourMode } });
    } catch (error) {
      return failed('prefs', error);
    }
    // This browser follows at once: the language by its cookie, the colour mode in the page.
    visitor.keepCookies([languageCookie(language)]);
    return done('prefs', { colourMode: colourMode as (typeof COLOUR_MODES)[number] });
  },

  async 'email-verify'({ request, visitor }) {
    try {
      await visitor.account.createVerification({ url: `${siteOrigin(request)}${staticPaths.verify}` });
      return done('email-verify');
    } catch (error) {
      return failed('email-verify', error);
    }
  },

  async 'phone-verify-send'({ visitor }) {
    try {
      await visitor.account.createPhoneVerification();
      return done('phone-verify-send');
    } catch (error) {
      return failed('phone-verify-send', error);
    }
  },

  async 'phone-verify'({ visitor, form }) {
    const code = codeField(form, 'code');
    if (!/^\d{6}$/.test(code)) return failed('phone-verify', formProblem('form_code'), { field: 'code' });
    try {
      const user = await visitor.account.get();
      await visitor.account.updatePhoneVerification({ userId: user.$id, secret: code });
      return done('phone-verify');
    } catch (error) {
      return failed('phone-verify', error, { field: 'code' });
    }
  },
};
