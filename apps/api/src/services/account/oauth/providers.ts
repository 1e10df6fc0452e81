/**
 * The OAuth2 providers Appwrite names (SDK 17's list plus SDK 28's additions). Each is driven by
 * configuration: where its authorize, token and user-info endpoints are, which scopes it needs
 * by default, and where the user's id, e-mail and name are in its answer. Providers without
 * public fixed endpoints (self-hosted or tenant-specific ones such as oidc, okta, auth0) take
 * them from the environment.
 */
export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  /** Omitted: the profile is read from the token answer's `id_token`. */
  userInfoUrl?: string;
  scopes: string[];
}

/** Where a provider's profile answer keeps the fields we need (first present key wins). */
export interface ProfileShape {
  id: readonly string[];
  email: readonly string[];
  name: readonly string[];
  /** Keys that say the e-mail is verified; none: the provider vouches for every e-mail it returns. */
  emailVerified: readonly string[] | 'always' | 'never';
}

export interface ProviderDefinition {
  endpoints?: ProviderEndpoints;
  profile: ProfileShape;
  /** GitHub returns no e-mail in the profile when it is private; this endpoint lists them. */
  emailsUrl?: string;
}

const openIdProfile: ProfileShape = { id: ['sub'], email: ['email'], name: ['name', 'preferred_username'], emailVerified: ['email_verified'] };

export const providers: Readonly<Record<string, ProviderDefinition>> = {
  google: {
    endpoints: { authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth', tokenUrl: 'https://oauth2.googleapis.com/token', userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo', scopes: ['openid', 'email', 'profile'] },
    profile: openIdProfile,
  },
  github: {
    endpoints: { authorizeUrl: 'https://github.com/login/oauth/authorize', tokenUrl: 'https://github.com/login/oauth/access_token', userInfoUrl: 'https://api.github.com/user', scopes: ['user:email'] },
    profile: { id: ['id'], email: ['email'], name: ['name', 'login'], emailVerified: 'never' },
    emailsUrl: 'https://api.github.com/user/emails',
  },
  microsoft: {
    endpoints: { authorizeUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize', tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token', userInfoUrl: 'https://graph.microsoft.com/oidc/userinfo', scopes: ['openid', 'email', 'profile', 'offline_access'] },
    profile: { ...openIdProfile, emailVerified: 'never' },
  },
  apple: {
    endpoints: { authorizeUrl: 'https://appleid.apple.com/auth/authorize', tokenUrl: 'https://appleid.apple.com/auth/token', scopes: ['name', 'email'] },
    profile: openIdProfile,
  },
  gitlab: {
    endpoints: { authorizeUrl: 'https://gitlab.com/oauth/authorize', tokenUrl: 'https://gitlab.com/oauth/token', userInfoUrl: 'https://gitlab.com/oauth/userinfo', scopes: ['openid', 'email', 'profile'] },
    profile: openIdProfile,
  },
  discord: {
    endpoints: { authorizeUrl: 'https://discord.com/oauth2/authorize', tokenUrl: 'https://discord.com/api/oauth2/token', userInfoUrl: 'https://discord.com/api/users/@me', scopes: ['identify', 'email'] },
    profile: { id: ['id'], email: ['email'], name: ['global_name', 'username'], emailVerified: ['verified'] },
  },
  facebook: {
    endpoints: { authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth', tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token', userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email', scopes: ['email'] },
    profile: { id: ['id'], email: ['email'], name: ['name'], emailVerified: 'always' },
  },
  linkedin: {
    endpoints: { authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization', tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken', userInfoUrl: 'https://api.linkedin.com/v2/userinfo', scopes: ['openid', 'profile', 'email'] },
    profile: openIdProfile,
  },
  slack: {
    endpoints: { authorizeUrl: 'https://slack.com/openid/connect/authorize', tokenUrl: 'https://slack.com/api/openid.connect.token', userInfoUrl: 'https://slack.com/api/openid.connect.userInfo', scopes: ['openid', 'email', 'profile'] },
    profile: openIdProfile,
  },
  spotify: {
    endpoints: { authorizeUrl: 'https://accounts.spotify.com/authorize', tokenUrl: 'https://accounts.spotify.com/api/token', userInfoUrl: 'https://api.spotify.com/v1/me', scopes: ['user-read-email'] },
    profile: { id: ['id'], email: ['email'], name: ['display_name'], emailVerified: 'never' },
  },
  twitch: {
    endpoints: { authorizeUrl: 'https://id.twitch.tv/oauth2/authorize', tokenUrl: 'https://id.twitch.tv/oauth2/token', userInfoUrl: 'https://id.twitch.tv/oauth2/userinfo', scopes: ['openid', 'user:read:email'] },
    profile: openIdProfile,
  },
  yahoo: {
    endpoints: { authorizeUrl: 'https://api.login.yahoo.com/oauth2/request_auth', tokenUrl: 'https://api.login.yahoo.com/oauth2/get_token', userInfoUrl: 'https://api.login.yahoo.com/openid/v1/userinfo', scopes: ['openid', 'email', 'profile'] },
    profile: openIdProfile,
  },
  amazon: {
    endpoints: { authorizeUrl: 'https://www.amazon.com/ap/oa', tokenUrl: 'https://api.amazon.com/auth/o2/token', userInfoUrl: 'https://api.amazon.com/user/profile', scopes: ['profile'] },
    profile: { id: ['user_id'], email: ['email'], name: ['name'], emailVerified: 'always' },
  },
  zoom: {
    endpoints: { authorizeUrl: 'https://zoom.us/oauth/authorize', tokenUrl: 'https://zoom.us/oauth/token', userInfoUrl: 'https://api.zoom.us/v2/users/me', scopes: [] },
    profile: { id: ['id'], email: ['email'], name: ['display_name'], emailVerified: ['verified'] },
  },
  salesforce: {
    endpoints: { authorizeUrl: 'https://login.salesforce.com/services/oauth2/authorize', tokenUrl: 'https://login.salesforce.com/services/oauth2/token', userInfoUrl: 'https://login.salesforce.com/services/oauth2/userinfo', scopes: ['openid', 'email', 'profile'] },
    profile: { ...openIdProfile, id: ['user_id', 'sub'] },
  },
  // The rest need their endpoints from the environment (OAUTH_<NAME>_AUTHORIZE_URL and friends).
  ...Object.fromEntries(
    [
      'auth0', 'authentik', 'autodesk', 'bitbucket', 'bitly', 'box', 'dailymotion', 'disqus', 'dropbox', 'etsy', 'figma', 'notion',
      'oidc', 'okta', 'paypal', 'paypalSandbox', 'podio', 'stripe', 'tradeshift', 'tradeshiftBox', 'wordpress', 'yammer', 'yandex',
      'zoho', 'appwrite', 'cloudflare', 'fusionauth', 'huggingface', 'kakao', 'keycloak', 'kick', 'resend', 'tiktok', 'x',
    ].map((name) => [name, { profile: { ...openIdProfile, id: ['sub', 'id', 'user_id'], name: ['name', 'preferred_username', 'username', 'login'] } }]),
  ),
  // Runs entirely on this server (see mock-provider-routes.ts); for tests and demonstrations.
  mock: { profile: { id: ['id'], email: ['email'], name: ['name'], emailVerified: 'always' } },
};

export function isKnownProvider(name: string): boolean {
  return Object.hasOwn(providers, name);
}
