import { ID } from 'appwrite';
import { data, redirect } from 'react-router';
import { emailProblem, field, NAME_MAX, passwordProblem, secretField } from '../../lib/account/form-values';
import { withNext } from '../../lib/account/next-path';
import { formProblem, type Problem } from '../../lib/account/problem';
import { problemOf, statusOf } from '../../lib/account/problem.server';
import { siteOrigin } from '../../lib/account/site-origin.server';
import { accountState } from '../../lib/account/state.server';
import { Visitor } from '../../lib/account/visitor.server';
import { readForm } from '../../lib/form-body.server';
import { staticPaths } from '../../lib/urls';
import { nextOf } from './loader.server';
import type { SignupField, SignupResult } from './types';

/** Which field an API error is about, so the message sits next to it. */
function fieldOf(problem: Problem): SignupField | undefined {
  if (problem.type === 'user_already_exists' || problem.type === 'user_email_already_exists') return 'email';
  if (problem.type === 'user_password_personal_data') return 'password';
  const param = /Invalid `(\w+)` param/.exec(problem.message)?.[1];
  return param === 'name' || param === 'email' || param === 'password' ? param : undefined;
}

/**
 * Creates the account, signs in (the API does not on its own), and sends the verification mail
 * whose link opens `/verify`; then shows `/verify`, which says where the mail went. A guest with
 * an anonymous session (made for a PDF export) is converted instead, Appwrite's way: updateEmail
 * gives the anonymous account its e-mail and password, so what it owns stays theirs.
 */
export async function signupAction(request: Request) {
  const form = await readForm(request);
  const next = nextOf(request);
  const values = { name: field(form, 'name'), email: field(form, 'email').toLowerCase() };
  const password = secretField(form, 'password');
  const invalid = (problem: Problem, which: SignupField | undefined, status = 400) => data<SignupResult>({ values, problem, ...(which ? { field: which } : {}) }, { status });

  if ([...values.name].length > NAME_MAX) return invalid(formProblem('form_too_long'), 'name');
  const emailIssue = emailProblem(values.email);
  if (emailIssue) return invalid(emailIssue, 'email');
  const passwordIssue = passwordProblem(password);
  if (passwordIssue) return invalid(passwordIssue, 'password');

  const visitor = new Visitor(request);
  try {
    if ((await accountState(visitor)).status === 'anonymous') {
      await visitor.account.updateEmail({ email: values.email, password });
      if (values.name) await visitor.account.updateName({ name: values.name });
    } else {
      await visitor.account.create({ userId: ID.unique(), email: values.email, password, ...(values.name ? { name: values.name } : {}) });
      await visitor.send('POST', '/account/sessions/email', { email: values.email, password });
    }
  } catch (error) {
    const problem = problemOf(error);
    return invalid(problem, fieldOf(problem), statusOf(error));
  }
  try {
    await visitor.account.createVerification({ url: `${siteOrigin(request)}${staticPaths.verify}` });
  } catch (error) {
    // The account exists and is signed in; /verify offers to send the mail again.
    console.warn('[web] sign-up: verification mail not sent:', error instanceof Error ? error.message : error);
  }
  return redirect(withNext(staticPaths.verify, next, { sent: '1' }), { headers: visitor.responseHeaders() });
}
