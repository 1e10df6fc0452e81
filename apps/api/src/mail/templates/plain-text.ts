import type { MailContent } from './compose.ts';

/** The text/plain part: paragraphs separated by blank lines, the URL or code on a line of its own. */
export function mailText(content: MailContent): string {
  const paragraphs = [
    content.greeting,
    content.intro,
    content.action?.url ?? content.code ?? '',
    content.notes.join('\n'),
    content.ignore,
    content.signature,
  ];
  return `${paragraphs.filter(Boolean).join('\n\n')}\n`;
}
