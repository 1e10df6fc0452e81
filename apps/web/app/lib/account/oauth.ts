/** How a provider's name is written; others are capitalised. */
const PROVIDER_LABELS: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  paypal: 'PayPal',
  paypalSandbox: 'PayPal Sandbox',
  wordpress: 'WordPress',
  oidc: 'OpenID Connect',
  x: 'X',
  mock: 'Mock',
};

export function providerLabel(provider: string): string {
  return PROVIDER_LABELS[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
}

/**
 * The plain link (no script needed) that starts an OAuth2 sign-in on this site's API. Success and
 * failure both come back to the sign-in page, which finishes the sign-in (second factor, `next`)
 * or shows the API's `?error=`.
 */
export function oauthHref(provider: string, options: { projectId: string; origin: string; returnTo: string }): string {
  const back = `${options.origin}${options.returnTo}`;
  const query = new URLSearchParams({ project: options.projectId, success: back, failure: back });
  return `/v1/account/sessions/oauth2/${encodeURIComponent(provider)}?${query.toString()}`;
}
