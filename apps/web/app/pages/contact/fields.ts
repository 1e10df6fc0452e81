/** The contact form's fields, in the order the form and the error summary show them. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/**
 * Lengths in characters (code points, as the API counts them). The maximums are the attribute
 * sizes of `contact_messages` in appwrite.json (email: the schema's default 255, less one, the
 * longest address RFC 5321 allows); the message minimum is the form's own rule.
 */
export const CONTACT_LIMITS: Record<ContactField, { min: number; max: number }> = {
  name: { min: 1, max: 128 },
  email: { min: 1, max: 254 },
  subject: { min: 1, max: 256 },
  message: { min: 10, max: 5000 },
};

/** A trap for robots: people never see or fill it (see contact-form.tsx). */
export const HONEYPOT_FIELD = 'website';

export type FieldError = 'required' | 'tooShort' | 'tooLong' | 'email';
export type FieldErrors = Partial<Record<ContactField, FieldError>>;

/** What went wrong beyond the fields. */
export type FormProblem = 'rateLimited' | 'rejected' | 'unavailable';

export type ContactResult =
  | { status: 'sent'; reference: string }
  | { status: 'invalid'; values: ContactValues; errors: FieldErrors }
  | { status: 'failed'; values: ContactValues; problem: FormProblem };
