import { formProblem, type Problem } from './problem';

/** Password bounds of the API (8–256, counted as the API counts: UTF-16 units, like `minLength`). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 128;

/** A trimmed text field of a submitted form ('' when absent). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A password exactly as typed: spaces at either end are part of it. */
export function secretField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

// Close to what the API accepts; the API has the last word and its message is shown.
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[^\s@"(),:;<>[\\\]]+\.[^\s@"(),:;<>[\\\]]+$/;

export function emailProblem(email: string): Problem | null {
  if (email === '') return formProblem('form_required');
  return EMAIL.test(email) && email.length <= 254 ? null : formProblem('form_email');
}

export function passwordProblem(password: string): Problem | null {
  if (password === '') return formProblem('form_required');
  return password.length < PASSWORD_MIN || password.length > PASSWORD_MAX ? formProblem('form_password_length') : null;
}

/** A one-time code as typed: spaces and dashes people copy along are dropped. */
export function codeField(form: FormData, name: string): string {
  return field(form, name).replace(/[\s-]/g, '');
}
