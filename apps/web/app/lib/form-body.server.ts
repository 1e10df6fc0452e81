import { assertSameOrigin } from './account/same-origin.server';

/**
 * The form an action was sent; every action reads its form through here. A submission from
 * another site is refused (403, assertSameOrigin). A body that is not a readable form — a
 * multipart part without headers, `multipart/form-data` without a boundary, another content type
 * — reads as an empty form, so the action answers as it does to a form sent blank: a 400 with
 * its ordinary error display, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  assertSameOrigin(request);
  return formOf(request);
}

async function formOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** The page that takes RFC 8058 one-click unsubscriptions (the `List-Unsubscribe` link of update mails). */
export const ONE_CLICK_PATH = '/unsubscribe';

/** True for exactly the body RFC 8058 prescribes: one field, `List-Unsubscribe=One-Click`. */
export function isOneClickBody(form: FormData): boolean {
  const entries = [...form.entries()];
  return entries.length === 1 && entries[0]![0] === 'List-Unsubscribe' && entries[0]![1] === 'One-Click';
}

/**
 * The form of `/unsubscribe`, and whether it is the one-click body. The one exception to the
 * site's same-origin rule: RFC 8058 has mail providers POST `List-Unsubscribe=One-Click` to the
 * mail's link themselves, from their own servers (or a webmail page), without cookies and
 * without any token of ours but the one in the link. That token is the whole authority, so a
 * forged post could only do what the link's holder can do anyway. Any other body, or this body at
 * any other address, is held to the same-origin rule as every form.
 */
export async function readUnsubscribeForm(request: Request): Promise<{ form: FormData; oneClick: boolean }> {
  const form = await formOf(request);
  const oneClick = new URL(request.url).pathname === ONE_CLICK_PATH && isOneClickBody(form);
  if (!oneClick) assertSameOrigin(request);
  return { form, oneClick };
}
