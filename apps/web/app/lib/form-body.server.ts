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
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}
