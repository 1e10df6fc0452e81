import type { RequestContext } from '../../core/context.ts';
import { appwriteLocaleCodes } from './locale-codes.ts';

const accepted: ReadonlySet<string> = new Set(appwriteLocaleCodes);

/**
 * The locale names are given in: `X-Appwrite-Locale` when it is one Appwrite lists, or one of
 * the site's LANGUAGES (Swahili is not on Appwrite's list); anything else gets DEFAULT_LANGUAGE.
 */
export function resolveLocale(ctx: Pick<RequestContext, 'locale' | 'config'>): string {
  const asked = ctx.locale;
  return accepted.has(asked) || ctx.config.languages.includes(asked) ? asked : ctx.config.defaultLanguage;
}
