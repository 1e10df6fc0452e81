import { isKnownProvider, providers, type ProfileShape, type ProviderEndpoints } from './providers.ts';

/** A provider the operator turned on, with everything the flow needs. */
export interface EnabledProvider {
  name: string;
  clientId: string;
  clientSecret: string;
  /** null for `mock`, whose endpoints are this server's own. */
  endpoints: ProviderEndpoints | null;
  profile: ProfileShape;
  emailsUrl?: string;
}

function envPrefix(name: string): string {
  return `OAUTH_${name.toUpperCase()}_`;
}

/**
 * Reads OAUTH_PROVIDERS (e.g. `google,github,mock`) and, per provider, OAUTH_<NAME>_CLIENT_ID and
 * _CLIENT_SECRET, optionally _AUTHORIZE_URL, _TOKEN_URL, _USERINFO_URL, _EMAILS_URL (GitHub) and
 * _SCOPES (space-separated) to override or supply the endpoints (e.g. GitHub Enterprise, Okta). Returns the providers and the problems found.
 */
export function readOAuthProviders(env: Record<string, string | undefined>): { enabled: Record<string, EnabledProvider>; problems: string[] } {
  const names = (env['OAUTH_PROVIDERS'] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const enabled: Record<string, EnabledProvider> = {};
  const problems: string[] = [];
  for (const name of names) {
    if (!isKnownProvider(name)) {
      problems.push(`OAUTH_PROVIDERS: "${name}" is not a supported provider`);
      continue;
    }
    const definition = providers[name]!;
    if (name === 'mock') {
      enabled[name] = { name, clientId: 'mock', clientSecret: 'mock', endpoints: null, profile: definition.profile };
      continue;
    }
    const prefix = envPrefix(name);
    const read = (key: string) => env[prefix + key]?.trim() || undefined;
    const clientId = read('CLIENT_ID');
    const clientSecret = read('CLIENT_SECRET');
    if (!clientId || !clientSecret) problems.push(`${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET are required when OAUTH_PROVIDERS lists ${name}`);
    const authorizeUrl = read('AUTHORIZE_URL') ?? definition.endpoints?.authorizeUrl;
    const tokenUrl = read('TOKEN_URL') ?? definition.endpoints?.tokenUrl;
    const userInfoUrl = read('USERINFO_URL') ?? definition.endpoints?.userInfoUrl;
    const emailsUrl = read('EMAILS_URL') ?? definition.emailsUrl;
    if (!authorizeUrl || !tokenUrl) {
      problems.push(`${prefix}AUTHORIZE_URL and ${prefix}TOKEN_URL are required for ${name} (it has no fixed public endpoints)`);
      continue;
    }
    for (const [key, url] of [['AUTHORIZE_URL', authorizeUrl], ['TOKEN_URL', tokenUrl], ['USERINFO_URL', userInfoUrl], ['EMAILS_URL', emailsUrl]] as const) {
      if (url !== undefined && !URL.canParse(url)) problems.push(`${prefix}${key}: not a URL`);
    }
    const scopes = read('SCOPES')?.split(/\s+/) ?? definition.endpoints?.scopes ?? ['openid', 'email', 'profile'];
    enabled[name] = {
      name,
      clientId: clientId ?? '',
      clientSecret: clientSecret ?? '',
      endpoints: { authorizeUrl, tokenUrl, ...(userInfoUrl ? { userInfoUrl } : {}), scopes },
      profile: definition.profile,
      ...(emailsUrl ? { emailsUrl } : {}),
    };
  }
  return { enabled, problems };
}
