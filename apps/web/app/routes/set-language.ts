import { redirect, type ActionFunctionArgs } from 'react-router';
import { siteEnv } from '../lib/env.server';
import { LANGUAGE_COOKIE } from '../lib/i18n';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Keeps a supported language in the translation cookie; anything else changes nothing. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = String(form.get('lang') ?? '');
  const target = String(form.get('redirectTo') ?? '/');
  const safeTarget = target.startsWith('/') && !target.startsWith('//') ? target : '/';
  const headers = new Headers();
  if (siteEnv().languages.includes(language)) {
    headers.append('Set-Cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`);
  } else {
    console.warn(`Unsupported language "${language}" refused`);
  }
  return redirect(safeTarget, { headers });
}

export function loader() {
  return redirect('/');
}
