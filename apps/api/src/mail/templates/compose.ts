import { catalogueFor } from './catalogue.ts';
import { interpolate } from './interpolate.ts';
import { mailKinds, type MailInputs, type MailKind, type MessageFields } from './kinds.ts';
import { placeholderValues } from './values.ts';

/** One mail's words, in order, before they are laid out as plain text or HTML. */
export interface MailContent {
  /** The language the words are in (the fallback's when the requested one has no catalogue). */
  language: string;
  subject: string;
  greeting: string;
  intro: string;
  /** Link kinds: the button and the plain URL under it. */
  action?: { label: string; url: string; fallback: string };
  /** Code kinds. */
  code?: string;
  /** The expiry, then the security phrase when there is one. */
  notes: string[];
  ignore: string;
  signature: string;
}

export function composeMail<K extends MailKind>(kind: K, input: MailInputs[K]): MailContent {
  const fields: MessageFields = input;
  const catalogue = catalogueFor(fields.language);
  const words: { subject: string; intro: string; expiry: string; ignore: string; action?: string } = catalogue.mail[kind];
  const values = placeholderValues(fields, catalogue.language);
  const fill = (template: string): string => interpolate(template, values);
  const content: MailContent = {
    language: catalogue.language,
    subject: fill(words.subject),
    greeting: fill(fields.userName ? catalogue.common.greeting : catalogue.common.greetingWithoutName),
    intro: fill(words.intro),
    notes: [fill(words.expiry), ...(fields.phrase ? [fill(catalogue.common.phrase)] : [])],
    ignore: fill(words.ignore),
    signature: fill(catalogue.common.signature),
  };
  if (mailKinds[kind] === 'link') {
    if (words.action === undefined) throw new Error(`the ${catalogue.language} catalogue has no button label for ${kind}`);
    content.action = { label: fill(words.action), url: httpUrl(fields.url), fallback: fill(catalogue.common.linkFallback) };
  } else {
    if (!fields.code) throw new Error(`a ${kind} message needs a code`);
    content.code = fields.code;
  }
  return content;
}

/** Links in mail are absolute http(s) URLs; anything else (`javascript:`…) is refused. The URL carries a secret, so the error does not show it. */
function httpUrl(url: string | undefined): string {
  const parsed = URL.parse(url ?? '');
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error('a message link must be an absolute http(s) URL');
  }
  return url!;
}
