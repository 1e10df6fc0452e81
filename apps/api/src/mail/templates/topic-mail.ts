import { catalogueFor } from './catalogue.ts';
import { escapeHtml } from './html.ts';
import { interpolate } from './interpolate.ts';

export interface TopicMailInput {
  /** The recipient's language; unknown languages get English. */
  language: string;
  siteName: string;
  userName?: string | undefined;
  topicName: string;
  subject: string;
  /** The message body as plain text and as HTML (the sender's, already safe for HTML). */
  text: string;
  html: string;
  /** The recipient's one-click unsubscribe link. */
  unsubscribeUrl: string;
}

const style = {
  body: 'margin:0;padding:24px 12px;background-color:#f1f5f9;',
  article: 'max-width:560px;margin:0 auto;padding:32px 28px;background-color:#ffffff;border-radius:8px;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;',
  paragraph: 'margin:0 0 16px;',
  footer: 'margin:24px 0 0;padding-top:16px;border-top:1px solid #e2e8f0;font-size:14px;color:#475569;',
  link: 'color:#15803d;',
};

/**
 * A message to a topic's subscriber in their language: the greeting, the sender's body, why the
 * reader gets it and the unsubscribe link (text and HTML alike).
 */
export function renderTopicMail(input: TopicMailInput): { subject: string; text: string; html: string } {
  const catalogue = catalogueFor(input.language);
  const values = { siteName: input.siteName, topicName: input.topicName, userName: input.userName };
  const greeting = interpolate(input.userName ? catalogue.common.greeting : catalogue.common.greetingWithoutName, values);
  const reason = interpolate(catalogue.topicMail.reason, values);
  const unsubscribe = interpolate(catalogue.topicMail.unsubscribe, values);
  const text = [greeting, input.text.trim(), '--', reason, `${unsubscribe}\n${input.unsubscribeUrl}`].join('\n\n') + '\n';
  const href = escapeHtml(input.unsubscribeUrl);
  const language = escapeHtml(catalogue.language);
  const html = [
    '<!doctype html>',
    `<html lang="${language}" dir="ltr">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.subject)}</title></head>`,
    `<body style="${style.body}">`,
    `<div role="article" lang="${language}" style="${style.article}">`,
    `<p style="${style.paragraph}">${escapeHtml(greeting)}</p>`,
    input.html,
    `<p style="${style.footer}">${escapeHtml(reason)}<br>${escapeHtml(unsubscribe)} <a href="${href}" style="${style.link}">${escapeHtml(catalogue.topicMail.unsubscribeAction)}</a><br><a href="${href}" style="${style.link}">${href}</a></p>`,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
  return { subject: input.subject, text, html };
}
