import type { RequestContext } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import { MailDeliveryError, renderMail, renderSms, type MailInputs, type MailKind, type Mailer, type SmsInputs, type SmsSender } from '../../mail/index.ts';
import type { UserRow } from './account-rows.ts';

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
  private readonly log: (line: string) => void;

  constructor(mailer: Mailer, sms: SmsSender, log: (line: string) => void) {
    this.mailer = mailer;
    this.sms = sms;
    this.log = log;
  }

  async mail<K extends MailKind>(ctx: RequestContext, user: UserRow, to: string, kind: K, input: LinkOrCode<K>): Promise<void> {
    const full = { ...input, language: languageOf(user, ctx), siteName: ctx.config.siteName, ...(user.name ? { userName: user.name } : {}) } as MailInputs[K];
    const rendered = renderMail(kind, full);
    try {
      await this.mailer.send({ to, kind, subject: rendered.subject, text: rendered.text, html: rendered.html });
    } catch (error) {
      // Delivery errors name the recipient and the reason, never the content; the client learns only that it failed.
      this.log(error instanceof MailDeliveryError ? error.message : `mail: ${kind} to ${to} could not be sent`);
      throw new AppwriteError('general_smtp_disabled', 'The e-mail could not be sent. Please try again later.');
    }
  }

  async text(ctx: RequestContext, user: UserRow, to: string, code: string, expiresInMinutes: number): Promise<void> {
    await this.sendSms(to, renderSms('phone-otp', { language: languageOf(user, ctx), siteName: ctx.config.siteName, code, expiresInMinutes }));
  }

  /** A team invitation by text message, for an invitee known only by phone. */
  async invitationText(ctx: RequestContext, user: UserRow, to: string, input: Omit<SmsInputs['team-invitation'], 'language' | 'siteName'>): Promise<void> {
    await this.sendSms(to, renderSms('team-invitation', { ...input, language: languageOf(user, ctx), siteName: ctx.config.siteName }));
  }

  private async sendSms(to: string, text: string): Promise<void> {
    try {
      await this.sms.send(to, text);
    } catch {
      this.log(`sms: message to ${to} could not be sent`);
      throw new AppwriteError('general_phone_disabled', 'The text message could not be sent. Please try again later.');
    }
  }
}
