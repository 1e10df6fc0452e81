/**
 * The export's words in its language. A function may read only its own folder (the functions
 * runtime's permission model, and an Appwrite deployment holds only this folder), so the strings
 * the site also shows are copied from its catalogues (apps/web/app/locales); labels.test.ts fails
 * when a copy and its source drift apart.
 */
import type { Language } from './document-model.ts';

/** The site's strings, under their catalogue paths (`candidates:list.independent`). */
export const SITE_STRINGS = {
  en: {
    'candidates:profile.party': 'Party',
    'candidates:profile.office': 'Office',
    'candidates:profile.source': 'Source:',
    'candidates:list.independent': 'Independent',
    'candidates:list.count_one': '{{count, number}} candidate',
    'candidates:list.count_other': '{{count, number}} candidates',
    'candidates:area.title': 'Candidates in {{area}}',
    'candidates:district.titleAll': 'All candidates in {{district}}',
    'parties:candidates.title': 'Candidates',
    'calendar:title': 'Election calendar',
    'calendar:event.location': 'Location',
    'calendar:event.nationwide': 'Nationwide',
    'calendar:event.allDay': 'All day',
    'common:pagination.status': 'Page {{page}} of {{pageCount}}',
  },
  fr: {
    'candidates:profile.party': 'Parti',
    'candidates:profile.office': 'Fonction',
    'candidates:profile.source': 'Source :',
    'candidates:list.independent': 'Indépendant',
    'candidates:list.count_one': '{{count, number}} candidat',
    'candidates:list.count_other': '{{count, number}} candidats',
    'candidates:area.title': 'Candidats à {{area}}',
    'candidates:district.titleAll': 'Tous les candidats à {{district}}',
    'parties:candidates.title': 'Candidats',
    'calendar:title': 'Calendrier électoral',
    'calendar:event.location': 'Lieu',
    'calendar:event.nationwide': 'Tout le pays',
    'calendar:event.allDay': 'Toute la journée',
    'common:pagination.status': 'Page {{page}} sur {{pageCount}}',
  },
  sw: {
    'candidates:profile.party': 'Chama',
    'candidates:profile.office': 'Nafasi',
    'candidates:profile.source': 'Chanzo:',
    'candidates:list.independent': 'Mgombea binafsi',
    'candidates:list.count_one': 'Mgombea {{count, number}}',
    'candidates:list.count_other': 'Wagombea {{count, number}}',
    'candidates:area.title': 'Wagombea wa {{area}}',
    'candidates:district.titleAll': 'Wagombea wote katika {{district}}',
    'parties:candidates.title': 'Wagombea',
    'calendar:title': 'Kalenda ya uchaguzi',
    'calendar:event.location': 'Mahali',
    'calendar:event.nationwide': 'Kitaifa',
    'calendar:event.allDay': 'Siku nzima',
    'common:pagination.status': 'Ukurasa {{page}} kati ya {{pageCount}}',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The site's names of event kinds (`calendar:kinds.*`). */
export const EVENT_KINDS = {
  en: { registration: 'Registration', nomination: 'Nomination', campaign: 'Campaign', debate: 'Debate', polling: 'Polling', results: 'Results', other: 'Other' },
  fr: { registration: 'Inscription', nomination: 'Candidatures', campaign: 'Campagne', debate: 'Débat', polling: 'Scrutin', results: 'Résultats', other: 'Autre' },
  sw: { registration: 'Uandikishaji', nomination: 'Uteuzi', campaign: 'Kampeni', debate: 'Mdahalo', polling: 'Upigaji kura', results: 'Matokeo', other: 'Mengineyo' },
} as const satisfies Record<Language, Record<string, string>>;

/** What only a PDF says. */
const PDF_ONLY = {
  en: { number: 'No.', name: 'Name', date: 'Date', event: 'Event', kind: 'Type', generated: 'Generated {{date}}', text: 'Text', continued: '{{heading}} (continued)' },
  fr: { number: 'N°', name: 'Nom', date: 'Date', event: 'Événement', kind: 'Type', generated: 'Généré le {{date}}', text: 'Texte', continued: '{{heading}} (suite)' },
  sw: { number: 'Na.', name: 'Jina', date: 'Tarehe', event: 'Tukio', kind: 'Aina', generated: 'Imetolewa {{date}}', text: 'Maandishi', continued: '{{heading}} (inaendelea)' },
} as const satisfies Record<Language, Record<string, string>>;

/** i18next's `{{name}}` and `{{name, number}}`, the only forms these strings use. */
function fill(template: string, values: Record<string, string | number>, language: Language): string {
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*number\s*)?\}\}/g, (whole, key: string) => {
    const value = values[key];
    if (value === undefined) return whole;
    return typeof value === 'number' ? value.toLocaleString(language) : value;
  });
}

export interface Labels {
  language: Language;
  ballotNumber: string;
  name: string;
  party: string;
  office: string;
  independent: string;
  date: string;
  event: string;
  kind: string;
  location: string;
  nationwide: string;
  allDay: string;
  calendarTitle: string;
  text: string;
  source: string;
  pageOf(page: number, pageCount: number): string;
  generated(date: Date): string;
  continued(heading: string): string;
  candidateCount(count: number): string;
  areaTitle(area: string): string;
  districtTitle(district: string): string;
  partyTitle(party: string): string;
  eventKind(kind: string): string;
}

export function labelsFor(language: Language): Labels {
  const site = SITE_STRINGS[language];
  const own = PDF_ONLY[language];
  const kinds: Record<string, string> = EVENT_KINDS[language];
  const plural = new Intl.PluralRules(language);
  return {
    language,
    ballotNumber: own.number,
    name: own.name,
    party: site['candidates:profile.party'],
    office: site['candidates:profile.office'],
    independent: site['candidates:list.independent'],
    date: own.date,
    event: own.event,
    kind: own.kind,
    location: site['calendar:event.location'],
    nationwide: site['calendar:event.nationwide'],
    allDay: site['calendar:event.allDay'],
    calendarTitle: site['calendar:title'],
    text: own.text,
    source: site['candidates:profile.source'],
    pageOf: (page, pageCount) => fill(site['common:pagination.status'], { page, pageCount }, language),
    generated: (date) => fill(own.generated, { date: date.toLocaleDateString(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) }, language),
    continued: (heading) => fill(own.continued, { heading }, language),
    candidateCount: (count) => fill(plural.select(count) === 'one' ? site['candidates:list.count_one'] : site['candidates:list.count_other'], { count }, language),
    areaTitle: (area) => fill(site['candidates:area.title'], { area }, language),
    districtTitle: (district) => fill(site['candidates:district.titleAll'], { district }, language),
    partyTitle: (party) => `${party}: ${site['parties:candidates.title']}`,
    eventKind: (kind) => kinds[kind] ?? kind,
  };
}
