import { resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { Mailer } from '../../mail/index.ts';
import type { UserStore } from '../account/user-store.ts';
import type { MessageModel } from './message-model.ts';

export interface EmailParams {
  messageId: string;
  subject: string;
  content: string;
  topics: string[];
  users: string[];
  targets: string[];
  html: boolean;
  draft: boolean;
  scheduledAt: string | undefined;
}

/** Turns plain text into the HTML part: escaped, one paragraph per blank-line block, line breaks kept. */
function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return escaped.split(/\n{2,}/).map((block) => `<p>${block.replace(/\n/g, '<br>')}</p>`).join('\n');
}

/** Strips tags for the text part of an HTML message. */
function htmlToText(html: string): string {
  return html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n\n').replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
}

/**
 * Messaging's `createEmail` on the server's mailer, for the users named: each user with an email
 * address gets their own copy (no one sees another recipient). Topics and targets are issue 14's;
 * drafts and scheduled messages need the messages table it brings, so they are refused here.
 */
export class EmailMessages {
  private readonly mailer: Mailer;
  private readonly users: UserStore;

  constructor(mailer: Mailer, users: UserStore) {
    this.mailer = mailer;
    this.users = users;
  }

  async create(params: EmailParams): Promise<MessageModel> {
    if (params.topics.length || params.targets.length) throw new AppwriteError('general_not_implemented', 'Messages to topics or targets are not supported by this server; name the recipients in `users`.');
    if (params.draft || params.scheduledAt) throw new AppwriteError('general_not_implemented', 'Draft and scheduled messages are not supported by this server.');
    if (params.users.length === 0) throw new AppwriteError('message_missing_target');
    const id = resolveNewId(params.messageId);
    const found = await this.users.getMany(params.users);
    const text = params.html ? htmlToText(params.content) : params.content;
    const html = params.html ? params.content : textToHtml(params.content);
    const deliveryErrors: string[] = [];
    let deliveredTotal = 0;
    let deliveredAt: string | null = null;
    for (const userId of params.users) {
      const email = found.get(userId)?.email;
      if (!email) {
        deliveryErrors.push(`User ${userId} has no email address.`);
        continue;
      }
      try {
        await this.mailer.send({ to: email, kind: `message ${id}`, subject: params.subject, text, html });
        deliveredTotal++;
        deliveredAt = now();
      } catch {
        deliveryErrors.push(`The mail to user ${userId} could not be sent.`);
      }
    }
    const at = now();
    return {
      $id: id, $createdAt: at, $updatedAt: at, providerType: 'email', topics: [], users: params.users, targets: [],
      scheduledAt: null, deliveredAt, deliveryErrors, deliveredTotal,
      data: { subject: params.subject, content: params.content, html: params.html, cc: [], bcc: [] },
      status: deliveredTotal > 0 ? 'sent' : 'failed',
    };
  }
}
