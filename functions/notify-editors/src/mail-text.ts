/** The notice an editor gets about a new contact message, in the editor's language. */

export type Language = 'en' | 'fr' | 'sw';

export interface ContactMessage {
  $id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

const STRINGS = {
  en: { subject: 'New contact message: {subject}', from: 'From', subjectLabel: 'Subject', open: 'Open it in the console:', intro: 'A visitor sent a message through the contact form.' },
  fr: { subject: 'Nouveau message de contact : {subject}', from: 'De', subjectLabel: 'Objet', open: 'Ouvrez-le dans la console :', intro: 'Un visiteur a envoyé un message par le formulaire de contact.' },
  sw: { subject: 'Ujumbe mpya wa mawasiliano: {subject}', from: 'Kutoka', subjectLabel: 'Mada', open: 'Ufungue kwenye kiweko:', intro: 'Mgeni ametuma ujumbe kupitia fomu ya mawasiliano.' },
} as const;

/** How much of the message the notice quotes. */
export const EXCERPT_LENGTH = 500;

export function languageOf(prefs: Record<string, unknown>): Language {
  const language = prefs['language'];
  return language === 'fr' || language === 'sw' ? language : 'en';
}

function excerpt(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= EXCERPT_LENGTH ? trimmed : `${trimmed.slice(0, EXCERPT_LENGTH).trimEnd()}…`;
}

/** Subject and plain-text body; `link` is the message's page in the console, when known. */
export function noticeFor(language: Language, message: ContactMessage, link: string | undefined): { subject: string; content: string } {
  const strings = STRINGS[language];
  const lines = [
    strings.intro,
    '',
    `${strings.from}: ${message.name} <${message.email}>`,
    `${strings.subjectLabel}: ${message.subject}`,
    '',
    excerpt(message.message),
    ...(link ? ['', strings.open, link] : []),
  ];
  return { subject: strings.subject.replace('{subject}', message.subject), content: lines.join('\n') };
}
