import { AppwriteError } from '../../../core/errors.ts';
import type { EnabledProvider } from './oauth-config.ts';
import type { ProfileShape } from './providers.ts';

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds; 0 when the provider does not say. */
  expiresIn: number;
  idToken: string;
}

export interface ProviderProfile {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

const TIMEOUT_MS = 10_000;

async function providerAnswer(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new AppwriteError('user_oauth2_provider_error', 'The OAuth2 provider could not be reached.');
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // GitHub answers form-encoded unless asked for JSON; some providers still do.
    body = Object.fromEntries(new URLSearchParams(text));
  }
  if (response.status === 401 || response.status === 403) throw new AppwriteError('user_oauth2_unauthorized');
  if (!response.ok) throw new AppwriteError('user_oauth2_bad_request', `OAuth2 provider rejected the request (HTTP ${response.status}).`);
  return body;
}

async function providerJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const body = await providerAnswer(url, init);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppwriteError('user_oauth2_provider_error');
  return body as Record<string, unknown>;
}

/** Trades the authorization code for tokens (client credentials in the form body, with the PKCE verifier). */
export async function exchangeCode(provider: EnabledProvider, code: string, redirectUri: string, verifier: string): Promise<ProviderTokens> {
  const endpoints = provider.endpoints!;
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, client_secret: provider.clientSecret, code_verifier: verifier });
  const answer = await providerJson(endpoints.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body });
  if (typeof answer['error'] === 'string') throw new AppwriteError('user_oauth2_bad_request', `OAuth2 provider refused the code: ${String(answer['error']).slice(0, 100)}.`);
  const accessToken = typeof answer['access_token'] === 'string' ? answer['access_token'] : '';
  if (!accessToken) throw new AppwriteError('user_oauth2_provider_error', 'The OAuth2 provider returned no access token.');
  return {
    accessToken,
    refreshToken: typeof answer['refresh_token'] === 'string' ? answer['refresh_token'] : '',
    expiresIn: Number(answer['expires_in']) || 0,
    idToken: typeof answer['id_token'] === 'string' ? answer['id_token'] : '',
  };
}

function firstString(source: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

export function profileFrom(source: Record<string, unknown>, shape: ProfileShape): ProviderProfile {
  const email = firstString(source, shape.email).toLowerCase();
  const verified =
    shape.emailVerified === 'always' ? email !== '' : shape.emailVerified === 'never' ? false : shape.emailVerified.some((key) => source[key] === true || source[key] === 'true');
  return { id: firstString(source, shape.id), email, name: firstString(source, shape.name), emailVerified: verified };
}

/**
 * The claims of an id_token received straight from the provider's token endpoint over TLS; OpenID
 * Connect Core §3.1.3.7 allows TLS server validation in place of checking the signature there.
 */
function idTokenClaims(idToken: string): Record<string, unknown> {
  const payload = idToken.split('.')[1];
  if (!payload) throw new AppwriteError('user_oauth2_provider_error', 'The OAuth2 provider returned no usable id_token.');
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new AppwriteError('user_oauth2_provider_error', 'The OAuth2 provider returned no usable id_token.');
  }
}

/** Who signed in at the provider. */
export async function fetchProfile(provider: EnabledProvider, tokens: ProviderTokens): Promise<ProviderProfile> {
  const endpoints = provider.endpoints!;
  const authorization = { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json', 'user-agent': 'Ballot Atlas' };
  const source = endpoints.userInfoUrl ? await providerJson(endpoints.userInfoUrl, { headers: authorization }) : idTokenClaims(tokens.idToken);
  const profile = profileFrom(source, provider.profile);
  if (provider.emailsUrl) {
    // The primary verified address, when the profile keeps it private.
    const list = await providerAnswer(provider.emailsUrl, { headers: authorization }).catch(() => []);
    const emails: unknown[] = Array.isArray(list) ? list : [];
    const primary = emails.find((entry): entry is { email: string; verified: boolean; primary: boolean } => !!entry && typeof entry === 'object' && (entry as { primary?: unknown }).primary === true);
    if (primary) return { ...profile, email: primary.email.toLowerCase(), emailVerified: primary.verified === true };
  }
  if (!profile.id) throw new AppwriteError('user_missing_id');
  return profile;
}
