import { z } from 'zod';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';

export const createEmail = defineRoute({
  id: 'messaging.createEmail',
  method: 'POST',
  path: '/messaging/messages/email',
  summary: 'Mail each named user (keys only): one copy per user with an email address, sent before the answer.',
  scope: 'messages.write',
  params: {
    messageId: param.newId({ required: true, description: 'Message ID, or unique().' }),
    subject: param.string({ required: true, max: 998, description: 'Subject line.' }),
    content: param.string({ required: true, max: 64_230, description: 'Body: plain text, or HTML when html is true.' }),
    topics: param.strings({ description: 'Topic IDs: not supported here (issue 14).' }),
    users: param.strings({ description: 'User IDs: each gets the mail at their account address.' }),
    targets: param.strings({ description: 'Target IDs: not supported here.' }),
    cc: param.strings({ description: 'Ignored: every recipient gets their own copy.' }),
    bcc: param.strings({ description: 'Ignored: every recipient gets their own copy.' }),
    attachments: param.strings({ description: 'Ignored.' }),
    draft: param.boolean({ description: 'Drafts are not supported here: true is refused.' }),
    html: param.boolean({ description: 'The content is HTML. Default false.' }),
    scheduledAt: { schema: z.string().max(64).nullable(), required: false, description: 'Scheduled messages are not supported here: a date is refused.' },
  },
  response: { status: 201, model: 'Message' },
  handler: ({ params, services }) =>
    services.messaging.email.create({
      messageId: params.messageId, subject: params.subject, content: params.content, topics: params.topics ?? [], users: params.users ?? [],
      targets: params.targets ?? [], html: params.html ?? false, draft: params.draft ?? false, scheduledAt: params.scheduledAt ?? undefined,
    }),
});
