import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactValues, type FieldErrors } from './fields';

// The API's own rule for `format: email` attributes (apps/api schema/validate-document.ts), so
// an address the form accepts is never refused by the API.
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

// Control characters other than tab and line breaks cannot be typed and cannot be stored.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

function clean(value: FormDataEntryValue | null, multiline: boolean): string {
  const text = typeof value === 'string' ? value.toWellFormed().replace(CONTROL, '') : '';
  return (multiline ? text.replace(/\r\n?/g, '\n') : text.replace(/\s+/g, ' ')).trim();
}

export function readContactForm(form: FormData): ContactValues {
  return {
    name: clean(form.get('name'), false),
    email: clean(form.get('email'), false),
    subject: clean(form.get('subject'), false),
    message: clean(form.get('message'), true),
  };
}

/** Per-field problems; an empty object means the message can be sent. */
export function validateContact(values: ContactValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const length = [...values[field]].length;
    const { min, max } = CONTACT_LIMITS[field];
    if (length === 0) errors[field] = 'required';
    else if (length > max) errors[field] = 'tooLong';
    else if (length < min) errors[field] = 'tooShort';
    else if (field === 'email' && !EMAIL.test(values.email)) errors[field] = 'email';
  }
  return errors;
}
