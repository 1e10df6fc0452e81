/**
 * The messages the accounts service sends. A mail kind carries either a link (the button and the
 * plain URL) or a one-time code; the catalogues hold the words for each kind.
 */
export const mailKinds = {
  recovery: 'link',
  verification: 'link',
  'magic-url': 'link',
  'email-otp': 'code',
  'team-invitation': 'link',
} as const satisfies Record<string, 'link' | 'code'>;

export type MailKind = keyof typeof mailKinds;

export const smsKinds = ['phone-otp', 'team-invitation'] as const;

export type SmsKind = (typeof smsKinds)[number];

interface CommonInput {
  /** The recipient's preferred language (`fr`, `fr-CA`…); unknown languages fall back to English. */
  language: string;
  siteName: string;
  userName?: string;
  /** A security phrase ("Brave owl") the user also sees where they made the request; shown when present. */
  phrase?: string;
  expiresInMinutes: number;
}

interface LinkInput extends CommonInput {
  /** An absolute http(s) URL carrying the secret. */
  url: string;
}

interface CodeInput extends CommonInput {
  /** The one-time code, six digits. */
  code: string;
}

/** What each kind needs to be written. */
export interface MailInputs {
  recovery: LinkInput;
  verification: LinkInput;
  'magic-url': LinkInput;
  'email-otp': CodeInput;
  'team-invitation': LinkInput & { teamName: string; inviterName: string };
}

export interface SmsInputs {
  'phone-otp': CodeInput;
  'team-invitation': LinkInput & { teamName: string; inviterName: string };
}

/** Every field any kind takes, all optional: the renderer's view of an input. */
export type MessageFields = CommonInput & {
  url?: string;
  code?: string;
  teamName?: string;
  inviterName?: string;
};
