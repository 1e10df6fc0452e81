import { data, redirect } from 'react-router';
import { problemOf, statusOf } from '../../../lib/account/problem.server';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { consolePaths } from '../../../lib/console/paths';
import { readForm } from '../../../lib/form-body.server';
import { followableTopics } from '../../../lib/messaging/topics.server';
import { translationLanguages } from './loader.server';
import { sendUpdate } from './send-update.server';
import type { UpdatesResult } from './types';
import { readUpdateForm } from './update-form';

/**
 * "Preview" shows the update as checked; "Send" runs `send-update` and, once it is accepted, goes
 * to `?sent=<message id>` (so reloading does not send it again). Problems stay on the form.
 */
export async function updatesAction(request: Request) {
  await requireEditor(request);
  const form = await readForm(request);
  const topics = await followableTopics(request);
  const check = readUpdateForm(form, topics.map((topic) => topic.id), translationLanguages());
  if (!check.body) return data<UpdatesResult>({ values: check.values, errors: check.errors }, { status: 400 });
  if (form.get('intent') !== 'send') return data<UpdatesResult>({ values: check.values, preview: check.body });
  try {
    const messageId = await sendUpdate(request, check.body);
    return redirect(`${consolePaths.updates}?${new URLSearchParams({ sent: messageId, topic: check.body.topicId })}`);
  } catch (error) {
    return data<UpdatesResult>({ values: check.values, problem: problemOf(error) }, { status: statusOf(error) });
  }
}
