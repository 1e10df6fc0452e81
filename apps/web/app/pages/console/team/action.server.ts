import { Teams } from 'appwrite';
import { data, redirect } from 'react-router';
import { emailProblem, field, NAME_MAX } from '../../../lib/account/form-values';
import { formProblem, type Problem } from '../../../lib/account/problem';
import { problemOf, statusOf } from '../../../lib/account/problem.server';
import { readForm } from '../../../lib/form-body.server';
import { siteOrigin } from '../../../lib/account/site-origin.server';
import { Visitor } from '../../../lib/account/visitor.server';
import { EDITORS_TEAM_ID, requireEditor, type EditorAccess } from '../../../lib/console/editor-access.server';
import { siteEnv } from '../../../lib/env.server';
import { staticPaths } from '../../../lib/urls';
import { INVITE_PATH } from '../../invite/invite-link';
import { isTeamRole, type InviteValues, type TeamResult } from './types';

/** Answers about the address itself, shown next to the e-mail field. */
const EMAIL_PROBLEMS = new Set(['team_invite_already_exists', 'membership_already_confirmed', 'user_already_exists', 'user_email_already_exists', 'user_blocked']);

function inviteFailed(values: InviteValues, problem: Problem, status: number, which?: 'email' | 'name') {
  return data<TeamResult>({ intent: 'invite', at: Date.now(), problem, values, ...(which ? { field: which } : {}) }, { status });
}

/**
 * Invites by e-mail: the API makes an account for an unknown address and mails a link to
 * `/invite`, in the language the owner chose (the call's locale).
 */
async function invite(request: Request, visitor: Visitor, form: FormData) {
  const { languages } = siteEnv();
  const values: InviteValues = { email: field(form, 'email').toLowerCase(), name: field(form, 'name'), role: field(form, 'role'), language: field(form, 'language') };
  const emailIssue = emailProblem(values.email);
  if (emailIssue) return inviteFailed(values, emailIssue, 400, 'email');
  if ([...values.name].length > NAME_MAX) return inviteFailed(values, formProblem('form_too_long'), 400, 'name');
  if (!isTeamRole(values.role)) return inviteFailed(values, formProblem('form_required'), 400);
  const language = languages.includes(values.language) ? values.language : visitor.language;
  try {
    await new Teams(visitor.client().setLocale(language)).createMembership({
      teamId: EDITORS_TEAM_ID,
      roles: [values.role],
      email: values.email,
      url: `${siteOrigin(request)}${INVITE_PATH}`,
      ...(values.name ? { name: values.name } : {}),
    });
  } catch (error) {
    const problem = problemOf(error);
    return inviteFailed(values, problem, statusOf(error), EMAIL_PROBLEMS.has(problem.type) ? 'email' : undefined);
  }
  return data<TeamResult>({ intent: 'invite', at: Date.now(), ok: true, email: values.email });
}

/** A member's role, or removing a member (or withdrawing an invitation); the API keeps the last owner. */
async function changeMember(intent: 'role' | 'remove', editor: EditorAccess, teams: Teams, form: FormData) {
  const membershipId = field(form, 'membershipId');
  const role = field(form, 'role');
  const failed = (problem: Problem, status: number) => data<TeamResult>({ intent, at: Date.now(), membershipId, problem }, { status });
  if (intent === 'role' && !isTeamRole(role)) return failed(formProblem('form_required'), 400);
  try {
    if (intent === 'role') await teams.updateMembership({ teamId: EDITORS_TEAM_ID, membershipId, roles: [role] });
    else await teams.deleteMembership({ teamId: EDITORS_TEAM_ID, membershipId });
  } catch (error) {
    return failed(problemOf(error), statusOf(error));
  }
  // An owner who left the team has no console any more.
  if (intent === 'remove' && membershipId === editor.membershipId) return redirect(staticPaths.profile);
  return data<TeamResult>({ intent, at: Date.now(), membershipId, ok: true });
}

/**
 * The Team page's forms. Any editor may post: the API is what refuses those who are not owners
 * (`user_unauthorized`), and its answer is shown.
 */
export async function teamAction(request: Request) {
  const editor = await requireEditor(request);
  const visitor = new Visitor(request);
  const form = await readForm(request);
  const intent = field(form, 'intent');
  if (intent === 'invite') return invite(request, visitor, form);
  if (intent === 'role' || intent === 'remove') return changeMember(intent, editor, new Teams(visitor.client()), form);
  return data({ message: `Unknown form "${intent.slice(0, 40)}"` }, { status: 400 });
}
