/** The reminders' words in the site's languages; `{election}` and `{date}` are filled in. */
export type ReminderKind = 'election-day' | 'registration-deadline';

export const REMINDER_LANGUAGES = ['en', 'fr', 'sw'] as const;
export type ReminderLanguage = (typeof REMINDER_LANGUAGES)[number];

const texts: Record<ReminderLanguage, Record<ReminderKind, { subject: string; content: string }>> = {
  en: {
    'election-day': {
      subject: 'Tomorrow: {election}',
      content: '{election} takes place tomorrow, {date}. Check where your polling station is and bring your voter card.',
    },
    'registration-deadline': {
      subject: 'Last day to register: {election}',
      content: 'Voter registration for {election} closes on {date}. If you are not registered yet, visit your district office before then.',
    },
  },
  fr: {
    'election-day': {
      subject: 'Demain : {election}',
      content: '{election} a lieu demain, le {date}. Vérifiez où se trouve votre bureau de vote et apportez votre carte d’électeur.',
    },
    'registration-deadline': {
      subject: 'Dernier jour pour s’inscrire : {election}',
      content: 'Les inscriptions sur les listes électorales pour {election} ferment le {date}. Si vous n’êtes pas encore inscrit, passez à votre bureau de district avant cette date.',
    },
  },
  sw: {
    'election-day': {
      subject: 'Kesho: {election}',
      content: '{election} utafanyika kesho, {date}. Hakikisha unajua kituo chako cha kupigia kura na ubebe kadi yako ya mpiga kura.',
    },
    'registration-deadline': {
      subject: 'Siku ya mwisho ya kujiandikisha: {election}',
      content: 'Uandikishaji wa wapiga kura kwa {election} unafungwa tarehe {date}. Kama bado hujajiandikisha, tembelea ofisi ya wilaya yako kabla ya hapo.',
    },
  },
};

const locales: Record<ReminderLanguage, string> = { en: 'en-GB', fr: 'fr-FR', sw: 'sw-KE' };

/** The reminder in one language, for an election name and the day it is about. */
export function reminderText(kind: ReminderKind, language: ReminderLanguage, election: string, day: Date): { subject: string; content: string } {
  const date = new Intl.DateTimeFormat(locales[language], { dateStyle: 'full', timeZone: 'UTC' }).format(day);
  const fill = (template: string) => template.replaceAll('{election}', election).replaceAll('{date}', date);
  const words = texts[language][kind];
  return { subject: fill(words.subject), content: fill(words.content) };
}
