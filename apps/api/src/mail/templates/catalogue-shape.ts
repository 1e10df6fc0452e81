import type { MailKind, SmsKind, mailKinds } from './kinds.ts';

/**
 * The words of every message in one language. Placeholders are `{{name}}`, filled from the input
 * (`siteName`, `userName`, `phrase`, `teamName`, `inviterName`, `code`) and `expiry`, the validity
 * period written out in that language ("1 hour", "saa 1").
 */
export interface Catalogue {
  /** The BCP 47 tag written into the mail's `lang` attribute. */
  language: string;
  common: {
    greeting: string;
    greetingWithoutName: string;
    /** Above the plain URL, for readers whose mail client does not show the button. */
    linkFallback: string;
    phrase: string;
    signature: string;
  };
  mail: { [K in MailKind]: (typeof mailKinds)[K] extends 'link' ? LinkMailWords : CodeMailWords };
  sms: Record<SmsKind, string>;
  /** The frame around a message sent to a topic's subscribers (placeholders `topicName`, `siteName`). */
  topicMail: {
    /** Why the reader gets it. */
    reason: string;
    /** Above the unsubscribe link. */
    unsubscribe: string;
    /** The link's text in HTML. */
    unsubscribeAction: string;
  };
}

export interface CodeMailWords {
  subject: string;
  /** Ends where the code follows. */
  intro: string;
  expiry: string;
  /** What to do when the reader did not ask for the message. */
  ignore: string;
}

export interface LinkMailWords extends CodeMailWords {
  /** The button's label. */
  action: string;
}
