import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { data, redirect } from 'react-router';
import { field } from '../../../lib/account/form-values';
import { formProblem } from '../../../lib/account/problem';
import { problemOf, statusOf } from '../../../lib/account/problem.server';
import { pageNotFound } from '../../../lib/not-found.server';
import { readForm } from '../../../lib/form-body.server';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { contactMessages } from './contact-messages.server';
import { messagesHref } from './list-params';
import { isMessageStatus, type ListNotice, type MessageIntent, type MessageResult } from './types';

const failed = (intent: MessageIntent, error: unknown) => data<MessageResult>({ intent, problem: problemOf(error) }, { status: statusOf(error) });

const listWith = (notice: ListNotice) => `${messagesHref()}?notice=${notice}`;

/** The buttons of one message: `mark-<status>`, and `delete` (which the API allows owners only). */
export async function messageAction(request: Request, messageId: string) {
  await requireEditor(request);
  if (!isValidId(messageId)) pageNotFound(request);
  const form = await readForm(request);
  const intent = field(form, 'intent');
  const store = contactMessages(request);
  if (intent.startsWith('mark-')) {
    const status = intent.slice('mark-'.length);
    if (!isMessageStatus(status)) return data<MessageResult>({ intent: 'status', problem: formProblem('form_required') }, { status: 400 });
    try {
      await store.setStatus(messageId, status);
    } catch (error) {
      return failed('status', error);
    }
    // Opening the message would mark it read again: back to the list, where it shows as new.
    if (status === 'new') return redirect(listWith('markedNew'));
    return data<MessageResult>({ intent: 'status', ok: true, status });
  }
  if (intent === 'delete') {
    try {
      await store.remove(messageId);
    } catch (error) {
      return failed(intent, error);
    }
    return redirect(listWith('deleted'));
  }
  return data({ message: `Unknown form "${intent.slice(0, 40)}"` }, { status: 400 });
}
