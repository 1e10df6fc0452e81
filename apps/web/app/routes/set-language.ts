import { redirect, type ActionFunctionArgs } from 'react-router';
import { sameSitePath } from '../lib/account/next-path';
import { siteEnv } from '../lib/env.server';
import { readForm } from '../lib/form-body.server';
import { languageCookie } from '../lib/i18n.server';
import { LANGUAGE_PARAM } from '../lib/seo/language-urls';

/** The page to go back to, without a `?lang=` that would override the language just chosen. */
function withoutAddressLanguage(path: string): string {
  const url = new URL(path, 'http://site.invalid');
  if (!url.searchParams.has(LANGUAGE_PARAM)) return path;
  url.searchParams.delete(LANGUAGE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Keeps a supported language in the translation cookie; anything else changes nothing. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const language = String(form.get('lang') ?? '');
  const target = String(form.get('redirectTo') ?? '/');
  const safeTarget = withoutAddressLanguage(sameSitePath(target) ?? '/');
  const headers = new Headers();
  if (siteEnv().languages.includes(language)) {
    headers.append('Set-Cookie', languageCookie(language));
  } else {
    console.warn(`Unsupported language "${language}" refused`);
  }
  return redirect(safeTarget, { headers });
}

export function loader() {
  return redirect('/');
}
