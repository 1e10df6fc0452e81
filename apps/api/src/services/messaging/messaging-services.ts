import type { Config } from '../../config.ts';
import { createMailer, outboxDir } from '../../mail/index.ts';
import type { UserStore } from '../account/user-store.ts';
import { EmailMessages } from './email-service.ts';

export interface MessagingServices {
  email: EmailMessages;
}

/** Messaging on the server's own mail settings (SMTP_URL, else the mail outbox folder), as account mails. */
export function createMessagingServices(config: Config, users: UserStore, log: (line: string) => void): MessagingServices {
  const mailer = createMailer({ ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}), from: config.mailFrom, outboxDir: outboxDir(config.dataDir), log });
  return { email: new EmailMessages(mailer, users) };
}
