export { createMailer, DEFAULT_MAIL_FROM, type MailerOptions } from './mailer.ts';
export type { HeldClaim, Mailer, OutgoingMail } from './outgoing-mail.ts';
export { MailDeliveryError } from './smtp-mailer.ts';
export { createOutboxSmsSender, type SmsSender } from './sms.ts';
export { outboxDir } from './outbox-files.ts';
export { renderMail, renderSms, type RenderedMail } from './templates/render.ts';
export { mailKinds, smsKinds, type MailInputs, type MailKind, type SmsInputs, type SmsKind } from './templates/kinds.ts';
export { catalogues } from './templates/catalogue.ts';
export { renderTopicMail, type TopicMailInput } from './templates/topic-mail.ts';
