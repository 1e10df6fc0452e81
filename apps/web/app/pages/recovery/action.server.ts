import { data, redirect } from 'react-router';
import { emailProblem, field, passwordProblem, secretField } from '../../lib/account/form-values';
import { formProblem } from '../../lib/account/problem';
import { problemOf, statusOf } from '../../lib/account/problem.server';
import { siteOrigin } from '../../lib/account/site-origin.server';
import { errorType, Visitor } from '../../lib/account/visitor.server';
import { readForm } from '../../lib/form-body.server';
import { staticPaths } from '../../lib/urls';
import type { RecoveryResult } from './types';

/** `request`: mails the reset link (to `/recovery`); `reset`: sets the new password, then on to sign in. */
export async function recoveryAction(request: Request) {
  const form = await readForm(request);
  const visitor = new Visitor(request);
  if (field(form, 'intent') === 'reset') {
    const password = secretField(form, 'password');
    const passwordIssue = passwordProblem(password);
    if (passwordIssue) return data<RecoveryResult>({ intent: 'reset', problem: passwordIssue, field: 'password' }, { status: 400 });
    if (password !== secretField(form, 'confirm')) return data<RecoveryResult>({ intent: 'reset', problem: formProblem('form_passwords_differ'), field: 'confirm' }, { status: 400 });
    try {
      await visitor.account.updateRecovery({ userId: field(form, 'userId'), secret: field(form, 'secret'), password });
    } catch (error) {
      return data<RecoveryResult>({ intent: 'reset', problem: problemOf(error) }, { status: statusOf(error) });
    }
    return redirect(`${staticPaths.signin}?notice=passwordReset`);
  }

  const email = field(form, 'email').toLowerCase();
  const issue = emailProblem(email);
  if (issue) return data<RecoveryResult>({ intent: 'request', email, problem: issue }, { status: 400 });
  try {
    await visitor.account.createRecovery({ email, url: `${siteOrigin(request)}${staticPaths.recovery}` });
  } catch (error) {
    // Whether an address has an account is nobody else's business: an unknown one reads as sent.
    if (errorType(error) !== 'user_not_found') return data<RecoveryResult>({ intent: 'request', email, problem: problemOf(error) }, { status: statusOf(error) });
  }
  return data<RecoveryResult>({ intent: 'request', email, sent: true });
}
