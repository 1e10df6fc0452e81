import type { Config } from '../config.ts';

/** Who is calling: resolved once per request; accounts and teams only add roles to this. */
export interface Identity {
  /** Operator API key: bypasses permissions and scopes. */
  admin: boolean;
  userId: string | null;
  roles: string[];
}

export const GUEST: Identity = { admin: false, userId: null, roles: ['any', 'guests'] };
export const ADMIN: Identity = { admin: true, userId: null, roles: ['any'] };

export interface RequestContext {
  config: Config;
  identity: Identity;
  ip: string;
  userAgent: string;
  locale: string;
}
