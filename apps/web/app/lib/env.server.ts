/** The site's settings, from the same environment variables as the API (README, Configuration). */
export interface SiteEnv {
  apiEndpoint: string;
  projectId: string;
  siteName: string;
  siteUrl: string;
  languages: string[];
  defaultLanguage: string;
}

let cached: SiteEnv | undefined;

export function siteEnv(): SiteEnv {
  if (cached) return cached;
  const env = process.env;
  const port = env['PORT'] || '3000';
  const languages = (env['LANGUAGES'] || 'en,fr,sw').split(',').map((code) => code.trim()).filter(Boolean);
  cached = {
    apiEndpoint: env['API_ENDPOINT'] || `http://127.0.0.1:${port}/v1`,
    projectId: env['PROJECT_ID'] || 'ballot-atlas',
    siteName: env['SITE_NAME'] || 'Ballot Atlas',
    siteUrl: (env['SITE_URL'] || `http://localhost:${port}`).replace(/\/$/, ''),
    languages,
    defaultLanguage: env['DEFAULT_LANGUAGE'] || 'en',
  };
  return cached;
}
