/** An API error as a form shows it: its type (translated when we know it) and the API's message. */
export interface Problem {
  type: string;
  message: string;
}

/**
 * The API error types the account pages explain in the visitor's language (locales/…/account.json,
 * `errors.<type>`); any other type shows the API's own message.
 */
export const KNOWN_PROBLEMS = [
  'general_rate_limit_exceeded',
  'general_smtp_disabled',
  'general_phone_disabled',
  'general_unknown',
  'user_invalid_credentials',
  'user_blocked',
  'user_invalid_token',
  'user_already_exists',
  'user_email_already_exists',
  'user_phone_already_exists',
  'user_password_mismatch',
  'user_password_personal_data',
  'user_email_not_verified',
  'user_phone_not_verified',
  'user_email_already_verified',
  'user_phone_already_verified',
  'user_challenge_required',
  'user_recovery_codes_already_exists',
  'user_recovery_codes_not_found',
  'user_authenticator_not_found',
  'user_authenticator_already_verified',
  'user_session_not_found',
  'user_identity_not_found',
  'user_oauth2_bad_request',
  'user_oauth2_unauthorized',
  'user_oauth2_provider_error',
  'user_missing_id',
  'project_provider_disabled',
  'project_provider_unsupported',
  // The site's own checks before calling the API.
  'form_required',
  'form_email',
  'form_password_length',
  'form_passwords_differ',
  'form_code',
  'form_phone',
  'form_confirm',
  'form_too_long',
  'form_summary',
  'form_factor_used',
] as const;

export type KnownProblem = (typeof KNOWN_PROBLEMS)[number];

export function isKnownProblem(type: string): type is KnownProblem {
  return (KNOWN_PROBLEMS as readonly string[]).includes(type);
}

/** A problem found by the site itself, before any API call. */
export function formProblem(type: Extract<KnownProblem, `form_${string}`>): Problem {
  return { type, message: '' };
}

/**
 * The OAuth2 failure the API put in `?error=` (JSON `{message, type, code}`), or null when the
 * parameter is absent or unreadable.
 */
export function problemFromQuery(value: string | null): Problem | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object') {
      const { type, message } = parsed as Record<string, unknown>;
      return { type: typeof type === 'string' ? type : 'general_unknown', message: typeof message === 'string' ? message.slice(0, 300) : '' };
    }
  } catch {
    // Not JSON: show the text itself.
  }
  return { type: 'general_unknown', message: value.slice(0, 300) };
}
