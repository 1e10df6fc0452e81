import { data, redirect } from 'react-router';
import { sameSitePath } from '../../lib/account/next-path';
import { readCookie } from '../../lib/cookie-header';
import { readForm } from '../../lib/form-body.server';
import { REPLY_FIELD, type CompareSelectionReply } from './choices';
import { changeFromForm, changeSelection, COMPARE_COOKIE, fullNoticeCookie, selectionCookie, selectionFromCookie } from './selection';

/**
 * `POST /compare/selection`: adds, removes or clears candidates in the compare cookie. Only forms
 * of this site are taken (readForm's same-origin rule). A plain form is sent back (303) to the
 * page it came from; a fetcher gets `{ selection, full }`.
 */
export async function compareSelectionAction(request: Request) {
  const form = await readForm(request);
  const change = changeFromForm(form);
  const current = selectionFromCookie(readCookie(request, COMPARE_COOKIE));
  const outcome = change ? changeSelection(current, change) : { selection: current, full: false };
  const headers = new Headers();
  headers.append('Set-Cookie', selectionCookie(outcome.selection));
  if (String(form.get(REPLY_FIELD) ?? '') === 'data') {
    const reply: CompareSelectionReply = { selection: outcome.selection, full: outcome.full, invalid: change === null };
    return data(reply, { status: change ? 200 : 400, headers });
  }
  if (outcome.full) headers.append('Set-Cookie', fullNoticeCookie(true));
  return redirect(sameSitePath(String(form.get('redirectTo') ?? '/')) ?? '/', { status: 303, headers });
}
