import { z } from 'zod';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { filteredPageFromQueries } from '../account/page-queries.ts';

const languageTag = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'Translations are keyed by language tag (en, fr, sw).' });
const translations = z
  .record(languageTag, z.object({ subject: z.string().min(1).max(998), content: z.string().min(1).max(64_230) }).strict(), { error: 'Value must be an object of {subject, content} per language.' })
  .refine((value) => Object.keys(value).length <= 20, { error: 'At most 20 translations.' });

export const createEmail = defineRoute({
  id: 'messaging.createEmail',
  method: 'POST',
  path: '/messaging/messages/email',
  summary: 'Store an e-mail and send it in the background to every distinct address of its topics, users and targets, once each, in each recipient\'s language.',
  scope: 'messages.write',
  params: {
    messageId: param.newId({ required: true, description: 'Message ID, or unique().' }),
    subject: param.string({ required: true, max: 998, description: 'Subject line.' }),
    content: param.string({ required: true, max: 64_230, description: 'Body: plain text, or HTML when html is true.' }),
    topics: param.strings({ description: 'Topic IDs: every e-mail subscriber gets the mail, with an unsubscribe link.' }),
    users: param.strings({ description: 'User IDs: each gets the mail at their account address.' }),
    targets: param.strings({ description: 'Target IDs (e-mail targets).' }),
    cc: param.strings({ description: 'Ignored: every recipient gets their own copy.' }),
    bcc: param.strings({ description: 'Ignored: every recipient gets their own copy.' }),
    attachments: param.strings({ description: 'Ignored.' }),
    draft: param.boolean({ description: 'Keep it as a draft: nothing is sent.' }),
    html: param.boolean({ description: 'The content is HTML. Default false.' }),
    scheduledAt: { schema: z.string().max(64).nullable(), required: false, description: 'Send at this time (ISO 8601) instead of now.' },
    translations: { schema: translations, required: false, description: 'This server\'s extension: {"<lang>": {subject, content}}; a recipient whose language has one gets it.' },
  },
  response: { status: 201, model: 'Message' },
  handler: ({ params, services }) =>
    services.messaging.email.create({
      messageId: params.messageId, subject: params.subject, content: params.content, topics: params.topics ?? [], users: params.users ?? [],
      targets: params.targets ?? [], html: params.html ?? false, draft: params.draft ?? false, scheduledAt: params.scheduledAt ?? undefined,
      translations: params.translations,
    }),
});

export const getMessage = defineRoute({
  id: 'messaging.getMessage',
  method: 'GET',
  path: '/messaging/messages/{messageId}',
  summary: 'A message with its status and delivery totals (keys only).',
  scope: 'messages.read',
  params: { messageId: param.uid({ required: true, description: 'Message ID.' }) },
  response: { status: 200, model: 'Message' },
  handler: ({ params, services }) => services.messaging.email.get(params.messageId),
});

export const listMessages = defineRoute({
  id: 'messaging.listMessages',
  method: 'GET',
  path: '/messaging/messages',
  summary: 'Messages, newest first (keys only).',
  scope: 'messages.read',
  params: {
    queries: param.queries({ description: 'Limit, offset, and equal/notEqual on status and providerType.' }),
    search: param.string({ max: 256, description: 'Free text matched against the id, subject and content.' }),
    total: param.boolean({ description: 'When false the count is skipped and total is 0.' }),
  },
  response: { status: 200, model: 'MessageList' },
  handler: ({ params, services }) =>
    services.messaging.email.list({ ...filteredPageFromQueries(params.queries ?? [], { status: 'status', providerType: 'provider_type' }), search: params.search }, params.total ?? true),
});
