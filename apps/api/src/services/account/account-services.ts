import type { Config } from '../../config.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { EventBus } from '../../events/index.ts';
import { createMailer, createOutboxSmsSender, outboxDir } from '../../mail/index.ts';
import { AccountMessenger } from './messenger.ts';
import { sharedSetting } from '../../db/system/settings.ts';
import { AuditLog } from './audit-log.ts';
import { ChallengeStore } from './challenge-store.ts';
import { IdentityStore } from './identity-store.ts';
import { randomHex } from './primitives/secrets.ts';
import { SessionResolver, type MembershipLookup } from './session-resolver.ts';
import { SessionStore } from './session-store.ts';
import { geoLocatorFor } from '../locale/geo-locator.ts';
import { TargetStore } from './target-store.ts';
import { TokenStore } from './token-store.ts';
import { UserStore } from './user-store.ts';

/** The account service's stores, built once per app. */
export interface AccountServices {
  users: UserStore;
  sessions: SessionStore;
  tokens: TokenStore;
  targets: TargetStore;
  identities: IdentityStore;
  challenges: ChallengeStore;
  log: AuditLog;
  resolver: SessionResolver;
  jwtKey: string;
  messenger: AccountMessenger;
}

/**
 * `log` receives one line per message sent (recipient and kind, never the content); `memberships`
 * gives a signed-in user's confirmed team memberships, which become roles of their requests.
 */
export async function createAccountServices(dialect: SqlDialect, config: Config, log: (line: string) => void, memberships: MembershipLookup, events: EventBus): Promise<AccountServices> {
  const outbox = outboxDir(config.dataDir);
  const mailer = createMailer({ ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}), from: config.mailFrom, outboxDir: outbox, log });
  const users = new UserStore(dialect, events);
  const sessions = new SessionStore(dialect, events, geoLocatorFor(config.geoIpDatabase));
  const jwtKey = await sharedSetting(dialect, 'jwt_key', () => randomHex(32));
  return {
    users,
    sessions,
    tokens: new TokenStore(dialect),
    targets: new TargetStore(dialect),
    identities: new IdentityStore(dialect),
    challenges: new ChallengeStore(dialect),
    log: new AuditLog(dialect),
    resolver: new SessionResolver(users, sessions, jwtKey, memberships),
    jwtKey,
    messenger: new AccountMessenger(mailer, createOutboxSmsSender({ outboxDir: outbox, log }), log),
  };
}
