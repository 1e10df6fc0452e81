import { catalogueFor } from './catalogue.ts';
import { composeMail } from './compose.ts';
import { mailHtml } from './html.ts';
import { interpolate } from './interpolate.ts';
import type { MailInputs, MailKind, SmsInputs, SmsKind } from './kinds.ts';
import { mailText } from './plain-text.ts';
import { placeholderValues } from './values.ts';

export interface RenderedMail {
  kind: MailKind;
  subject: string;
  text: string;
  html: string;
}

/** A mail of one kind in the recipient's language (English when it has no catalogue), as text and HTML. */
export function renderMail<K extends MailKind>(kind: K, input: MailInputs[K]): RenderedMail {
  const content = composeMail(kind, input);
  return { kind, subject: content.subject, text: mailText(content), html: mailHtml(content) };
}

/** An SMS of one kind in the recipient's language: one line of text. */
export function renderSms<K extends SmsKind>(kind: K, input: SmsInputs[K]): string {
  const catalogue = catalogueFor(input.language);
  return interpolate(catalogue.sms[kind], placeholderValues(input, catalogue.language));
}
