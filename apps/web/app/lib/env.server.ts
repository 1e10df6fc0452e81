/** The site's settings, from the same environment variables as the API (README, Configuration). */
export interface SiteEnv {
  apiEndpoint: string;
  projectId: string;
  siteName: string;
  siteUrl: string;
  languages: string[];
  defaultLanguage: string;
  /** OAuth2 providers the API has turned on (OAUTH_PROVIDERS, e.g. `mock,github`): one sign-in button each. */
  oauthProviders: string[];
  /** Origins besides SITE_URL that the API accepts in mail links and OAuth2 redirects (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
}

let cached: SiteEnv | undefined;

export function siteEnv(): SiteEnv {
  if (cached) return cached;
  const env = process.env;
  const port = env['PORT'] || '3000';
  const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  const languages = list(env['LANGUAGES'] || 'en,fr,sw');
  cached = {
    apiEndpoint: env['API_ENDPOINT'] || `http://127.0.0.1:${port}/v1`,
    projectId: env['PROJECT_ID'] || 'ballot-atlas',
    siteName: env['SITE_NAME'] || 'Ballot Atlas',
    siteUrl: (env['SITE_URL'] || `http://localhost:${port}`).replace(/\/$/, ''),
    languages,
    defaultLanguage: env['DEFAULT_LANGUAGE'] || 'en',
    oauthProviders: list(env['OAUTH_PROVIDERS']).filter((name) => /^[A-Za-z0-9]+$/.test(name)),
    allowedOrigins: list(env['ALLOWED_ORIGINS']).filter((origin) => URL.canParse(origin)).map((origin) => new URL(origin).origin),
  };
  return cached;
}
