import { z } from 'zod';
import type { RequestContext } from '../../../core/context.ts';
import { formatDate } from '../../../core/dates.ts';
import { AppwriteError, toErrorBody } from '../../../core/errors.ts';
import { param } from '../../../core/params.ts';
import { defineRoute, type HandlerInput } from '../../../core/route.ts';
import type { Services } from '../../../core/services.ts';
import { openSession } from '../open-session.ts';
import { randomHex } from '../primitives/secrets.ts';
import { assertSiteUrl, withQuery } from '../redirect-urls.ts';
import { exchangeCode, fetchProfile, type ProviderProfile, type ProviderTokens } from './oauth-client.ts';
import type { EnabledProvider } from './oauth-config.ts';
import { newNonce, pkceChallenge, pkceVerifier, signState, STATE_LIFETIME_SECONDS, verifyState, type OAuthState } from './oauth-state.ts';
import { userForProviderSignIn } from './oauth-sign-in.ts';
import { isKnownProvider } from './providers.ts';
import { issueMockCode, MOCK_USER, redeemMockCode } from './mock-provider.ts';

/** A one-time OAuth2 token (the `tokens/oauth2` flow) must be redeemed this soon. */
const OAUTH_TOKEN_LIFETIME_SECONDS = 15 * 60;

function nonceCookie(projectId: string): string {
  return `a_oauth_${projectId}`;
}

function callbackUrl(ctx: RequestContext, provider: string): string {
  return `${ctx.origin}/v1/account/sessions/oauth2/callback/${provider}/${ctx.config.projectId}`;
}

function enabledProvider(ctx: RequestContext, name: string): EnabledProvider {
  if (!isKnownProvider(name)) throw new AppwriteError('project_provider_unsupported');
  const provider = ctx.config.oauthProviders[name];
  if (!provider) throw new AppwriteError('project_provider_disabled');
  return provider;
}

const startParams = {
  provider: param.string({ required: true, min: 1, max: 64, description: 'OAuth2 provider, e.g. google, github, mock.' }),
  success: param.url({ description: 'Where the browser goes after signing in (a page of this site).' }),
  failure: param.url({ description: 'Where the browser goes when it fails; it receives `error` (JSON).' }),
  scopes: param.strings({ description: 'Extra scopes to ask the provider for.' }),
};

/** Sends the browser to the provider's consent page with a signed state and a PKCE challenge. */
function startFlow(kind: OAuthState['kind']) {
  return async ({ params, ctx, services }: HandlerInput<typeof startParams>): Promise<string> => {
    const provider = enabledProvider(ctx, params.provider);
    const success = params.success ?? `${ctx.config.siteUrl}/`;
    const failure = params.failure ?? `${ctx.config.siteUrl}/signin`;
    assertSiteUrl(ctx.config, success, 'success', 'project_invalid_success_url');
    assertSiteUrl(ctx.config, failure, 'failure', 'project_invalid_failure_url');
    const nonce = newNonce();
    const state = signState({ provider: provider.name, success, failure, kind, nonce, issuedAt: Date.now() }, services.accounts.jwtKey);
    ctx.response.cookie(nonceCookie(ctx.config.projectId), nonce, STATE_LIFETIME_SECONDS);
    const authorizeUrl = provider.endpoints?.authorizeUrl ?? `${ctx.origin}/v1/mock/oauth2/authorize`;
    const scopes = [...new Set([...(provider.endpoints?.scopes ?? []), ...(params.scopes ?? [])])];
    return withQuery(authorizeUrl, {
      client_id: provider.clientId,
      redirect_uri: callbackUrl(ctx, provider.name),
      response_type: 'code',
      ...(scopes.length ? { scope: scopes.join(' ') } : {}),
      state,
      code_challenge: pkceChallenge(pkceVerifier(nonce, services.accounts.jwtKey)),
      code_challenge_method: 'S256',
    });
  };
}

const startRoute = {
  method: 'GET',
  scope: 'sessions.write',
  abuse: { limit: 50, windowSeconds: 3600, key: ['ip'] },
  params: startParams,
  response: { status: 301, redirect: true },
} as const;

export const createOAuth2Session = defineRoute({
  id: 'account.createOAuth2Session',
  path: '/account/sessions/oauth2/{provider}',
  summary: 'Start signing in with an OAuth2 provider (browser redirect); ends at `success` with the session cookie set.',
  ...startRoute,
  handler: startFlow('session'),
});

export const createOAuth2Token = defineRoute({
  id: 'account.createOAuth2Token',
  path: '/account/tokens/oauth2/{provider}',
  summary: 'Like the OAuth2 session flow, but ends at `success` with `userId` and `secret` for createSession.',
  ...startRoute,
  handler: startFlow('token'),
});

const returnParams = {
  provider: param.string({ required: true, min: 1, max: 64, description: 'OAuth2 provider.' }),
  code: param.string({ max: 4096, description: 'Authorization code from the provider.' }),
  state: param.string({ required: true, min: 1, max: 4096, description: 'The state this server sent.' }),
  error: param.string({ max: 512, description: 'Error code from the provider.' }),
  error_description: param.string({ max: 4096, description: 'Error text from the provider.' }),
};

const callbackParams = { ...returnParams, projectId: param.uid({ required: true, description: 'Project ID.' }) };

/** The provider returns here (the URL registered with it); it forwards to the project's redirect route, as Appwrite does. */
function forwardToRedirect({ params, ctx }: HandlerInput<typeof callbackParams>): Promise<string> {
  if (params.projectId !== ctx.config.projectId) throw new AppwriteError('project_not_found');
  const query: Record<string, string> = { project: params.projectId, state: params.state };
  for (const key of ['code', 'error', 'error_description'] as const) if (params[key]) query[key] = params[key];
  const target = withQuery(`${ctx.origin}/v1/account/sessions/oauth2/${encodeURIComponent(params.provider)}/redirect`, query);
  // The browser would send this URL back as its next request: past half the header limit it risks a 431 here, and a
  // Location header that large breaks clients and proxies on the way (escaped, each character can take 9 bytes).
  // Real providers send short codes and our state is a few hundred bytes.
  if (Buffer.byteLength(target) > ctx.config.limits.headerBytes / 2) {
    throw new AppwriteError('general_argument_invalid', 'The OAuth2 callback parameters are too long to pass on.');
  }
  return Promise.resolve(target);
}

const callbackRoute = {
  path: '/account/sessions/oauth2/callback/{provider}/{projectId}',
  summary: 'Where the OAuth2 provider sends the browser back (register this URL with the provider).',
  scope: null,
  project: false,
  params: callbackParams,
  response: { status: 301, redirect: true },
  handler: forwardToRedirect,
} as const;

export const oauth2Callback = defineRoute({ id: 'account.oauth2Callback', method: 'GET', ...callbackRoute });
// Apple answers with a form POST when it is asked for the user's name and e-mail.
export const oauth2CallbackPost = defineRoute({ id: 'account.oauth2CallbackPost', method: 'POST', ...callbackRoute });

async function providerSignIn(ctx: RequestContext, services: Services, provider: EnabledProvider, code: string, nonce: string): Promise<{ tokens: ProviderTokens; profile: ProviderProfile }> {
  const verifier = pkceVerifier(nonce, services.accounts.jwtKey);
  if (!provider.endpoints) {
    const redeemed = redeemMockCode(code, verifier, services.accounts.jwtKey);
    if (!redeemed) throw new AppwriteError('user_oauth2_bad_request', 'The mock provider refused the code.');
    return redeemed;
  }
  const tokens = await exchangeCode(provider, code, callbackUrl(ctx, provider.name), verifier);
  return { tokens, profile: await fetchProfile(provider, tokens) };
}

function failureUrl(state: OAuthState, error: unknown): string {
  const { message, type, code } = toErrorBody(error);
  return withQuery(state.failure, { error: JSON.stringify({ message, type, code }) });
}

export const oauth2Redirect = defineRoute({
  id: 'account.oauth2Redirect',
  method: 'GET',
  path: '/account/sessions/oauth2/{provider}/redirect',
  summary: 'Completes the OAuth2 flow: checks the state, redeems the code, signs the user in, and sends the browser on.',
  scope: 'public',
  abuse: { limit: 50, windowSeconds: 3600, key: ['ip'] },
  params: returnParams,
  response: { status: 301, redirect: true },
  handler: async ({ params, ctx, services }) => {
    const state = verifyState(params.state, services.accounts.jwtKey);
    const cookieName = nonceCookie(ctx.config.projectId);
    const nonce = ctx.cookies.get(cookieName);
    // A state we did not sign, or one started in another browser, must not sign anybody in here.
    if (!state || state.provider !== params.provider || !nonce || nonce !== state.nonce) {
      throw new AppwriteError('user_oauth2_bad_request', 'The sign-in request is invalid or has expired. Please start again.');
    }
    ctx.response.cookie(cookieName, '', 0);
    try {
      if (params.error) throw new AppwriteError('user_oauth2_unauthorized', `The provider refused the sign-in (${params.error.slice(0, 100)}).`);
      if (!params.code) throw new AppwriteError('user_oauth2_bad_request', 'The provider returned no code.');
      const provider = enabledProvider(ctx, params.provider);
      const { tokens, profile } = await providerSignIn(ctx, services, provider, params.code, state.nonce);
      const user = await userForProviderSignIn(ctx, services, provider.name, profile, tokens);
      if (state.kind === 'token') {
        // Delivered by the redirect that follows.
        const { row, secret } = await services.accounts.tokens.issue(user.id, 'oauth2', randomHex(32), OAUTH_TOKEN_LIFETIME_SECONDS, async () => {});
        return withQuery(state.success, { userId: user.id, secret, expire: row.expire });
      }
      await openSession(ctx, services, user, {
        provider: 'oauth2',
        providerUid: profile.id,
        factors: ['email'],
        providerAccessToken: tokens.accessToken,
        providerAccessTokenExpiry: tokens.expiresIn ? formatDate(new Date(Date.now() + tokens.expiresIn * 1000)) : '',
        providerRefreshToken: tokens.refreshToken,
      });
      return state.success;
    } catch (error) {
      if (!(error instanceof AppwriteError)) throw error;
      return failureUrl(state, error);
    }
  },
});

const mockAuthorizeParams = {
  client_id: param.string({ required: true, max: 256, description: 'Client id (any).' }),
  redirect_uri: param.url({ required: true, description: 'This server\'s callback for the mock provider.' }),
  state: param.string({ required: true, max: 4096, description: 'Opaque state, returned unchanged.' }),
  code_challenge: param.string({ required: true, min: 43, max: 128, description: 'PKCE S256 challenge.' }),
  code_challenge_method: { schema: z.literal('S256'), required: true as const, description: 'Must be S256.' },
  response_type: { schema: z.literal('code'), required: true as const, description: 'Must be code.' },
  scope: param.string({ max: 4096, description: 'Requested scopes (ignored).' }),
  login_hint: param.email({ description: 'Sign in as this address instead of the mock user.' }),
};

export const mockAuthorize = defineRoute({
  id: 'mock.oauth2Authorize',
  method: 'GET',
  path: '/mock/oauth2/authorize',
  summary: 'The `mock` OAuth2 provider\'s consent step: approves at once and returns a code (only when `mock` is enabled).',
  scope: null,
  project: false,
  params: mockAuthorizeParams,
  response: { status: 301, redirect: true },
  handler: async ({ params, ctx, services }) => {
    if (!ctx.config.oauthProviders['mock']) throw new AppwriteError('general_route_not_found');
    // Only ever back to this server's own mock callback: the mock must not be an open redirect.
    if (!params.redirect_uri.startsWith(`${ctx.origin}/v1/account/sessions/oauth2/callback/mock/`)) {
      throw new AppwriteError('general_argument_invalid', 'Invalid `redirect_uri` param: not this server\'s mock callback.');
    }
    const code = issueMockCode(params.code_challenge, params.login_hint ?? MOCK_USER.email, services.accounts.jwtKey);
    return withQuery(params.redirect_uri, { code, state: params.state });
  },
});

export const oauthRoutes = [createOAuth2Session, createOAuth2Token, oauth2Callback, oauth2CallbackPost, oauth2Redirect, mockAuthorize];
