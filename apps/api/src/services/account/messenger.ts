import type { RequestContext } from '../../core/context.ts';
import { renderMail, renderSms, type MailInputs, type MailKind, type Mailer, type SmsSender } from '../../mail/index.ts';
import type { UserRow } from './user-store.ts';

type LinkOrCode<K extends MailKind> = Omit<MailInputs[K], 'language' | 'siteName' | 'userName'>;

/** The recipient's language: their saved preference, else the language of the request. */
function languageOf(user: UserRow, ctx: RequestContext): string {
  const preferred = (JSON.parse(user.prefs) as Record<string, unknown>)['language'];
  return typeof preferred === 'string' && preferred !== '' ? preferred : ctx.locale;
}

/** Writes the account mails and texts in the user's language and hands them to the configured senders. */
export class AccountMessenger {
  private readonly mailer: Mailer;
  private readonly sms: SmsSender;

  constructor(mailer: Mailer, sms: SmsSender) {
    this.mailer = mailer;
    this.sms = sms;
  }

  async mail<K extends MailKind>(ctx: RequestContext, user: UserRow, to: string, kind: K, input: LinkOrCode<K>): Promise<void> {
    const full = { ...input, language: languageOf(user, ctx), siteName: ctx.config.siteName, ...(user.name ? { userName: user.name } : {}) } as MailInputs[K];
    const rendered = renderMail(kind, full);
    await this.mailer.send({ to, kind, subject: rendered.subject, text: rendered.text, html: rendered.html });
  }

  async text(ctx: RequestContext, user: UserRow, to: string, code: string, expiresInMinutes: number): Promise<void> {
    const text = renderSms('phone-otp', { language: languageOf(user, ctx), siteName: ctx.config.siteName, code, expiresInMinutes });
    await this.sms.send(to, text);
  }
}
