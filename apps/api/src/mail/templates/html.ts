import type { MailContent } from './compose.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

// Inline styles only: mail clients drop <style> blocks and external sheets. Green on white and
// slate text keep WCAG AA contrast; the code is large for reading off a second screen.
const style = {
  body: 'margin:0;padding:24px 12px;background-color:#f1f5f9;',
  article: 'max-width:560px;margin:0 auto;padding:32px 28px;background-color:#ffffff;border-radius:8px;color:#0f172a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;',
  heading: 'margin:0 0 20px;font-size:22px;line-height:1.3;color:#0f172a;',
  paragraph: 'margin:0 0 16px;',
  button: 'display:inline-block;padding:12px 24px;background-color:#15803d;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px;',
  fallback: 'margin:0 0 16px;font-size:14px;color:#475569;',
  link: 'color:#15803d;word-break:break-all;',
  code: 'margin:0 0 16px;font-family:Consolas,Menlo,monospace;font-size:32px;font-weight:bold;letter-spacing:6px;color:#0f172a;',
  quiet: 'margin:0 0 16px;font-size:14px;color:#475569;',
};

/** The text/html part: one article in the message's language, a button-style link or the code, no images. */
export function mailHtml(content: MailContent): string {
  const paragraph = (text: string, css = style.paragraph): string => `<p style="${css}">${escapeHtml(text)}</p>`;
  const lines = [
    `<h1 style="${style.heading}">${escapeHtml(content.subject)}</h1>`,
    paragraph(content.greeting),
    paragraph(content.intro),
  ];
  if (content.action) {
    const href = escapeHtml(content.action.url);
    lines.push(
      `<p style="${style.paragraph}"><a href="${href}" style="${style.button}">${escapeHtml(content.action.label)}</a></p>`,
      `<p style="${style.fallback}">${escapeHtml(content.action.fallback)}<br><a href="${href}" style="${style.link}">${href}</a></p>`,
    );
  }
  if (content.code) lines.push(paragraph(content.code, style.code));
  lines.push(...content.notes.map((note) => paragraph(note)), paragraph(content.ignore, style.quiet), paragraph(content.signature));
  const language = escapeHtml(content.language);
  const subject = escapeHtml(content.subject);
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="ltr">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${subject}</title>`,
    '</head>',
    `<body style="${style.body}">`,
    `<div role="article" aria-roledescription="email" aria-label="${subject}" lang="${language}" style="${style.article}">`,
    ...lines,
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
