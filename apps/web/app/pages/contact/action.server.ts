import { ID } from 'appwrite';
import { data } from 'react-router';
import { readForm } from '../../lib/form-body.server';
import { requestLanguage } from '../../lib/i18n.server';
import { HONEYPOT_FIELD, type ContactResult } from './fields';
import { sendContactMessage } from './send.server';
import { readContactForm, validateContact } from './validate';

const STATUS_OF_PROBLEM = { rateLimited: 429, rejected: 400, unavailable: 503 } as const;

export async function contactAction(request: Request) {
  const form = await readForm(request);
  // A robot that fills the trap is told it succeeded, so it has no reason to try again.
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === 'string' && trap.trim() !== '') return data<ContactResult>({ status: 'sent', reference: ID.unique() });

  const values = readContactForm(form);
  const errors = validateContact(values);
  if (Object.keys(errors).length) return data<ContactResult>({ status: 'invalid', values, errors }, { status: 400 });

  const outcome = await sendContactMessage(request, values, requestLanguage(request));
  if (outcome.sent) return data<ContactResult>({ status: 'sent', reference: outcome.reference });
  return data<ContactResult>({ status: 'failed', values, problem: outcome.problem }, { status: STATUS_OF_PROBLEM[outcome.problem] });
}
