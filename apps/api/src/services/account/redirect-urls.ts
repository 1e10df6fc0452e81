import type { Config } from '../../config.ts';
import { AppwriteError } from '../../core/errors.ts';

function allowedHosts(config: Config): string[] {
  return [...new Set(config.allowedOrigins.map((origin) => new URL(origin).hostname))];
}

/**
 * A URL we send users to (mail links, OAuth2 success and failure) must point at one of the
 * site's own origins' hosts, so a mail or redirect from us can never lead somewhere else.
 */
export function assertSiteUrl(config: Config, url: string, paramName: string, error?: 'project_invalid_success_url' | 'project_invalid_failure_url'): void {
  const hosts = allowedHosts(config);
  if (URL.canParse(url) && hosts.includes(new URL(url).hostname)) return;
  if (error) throw new AppwriteError(error);
  throw new AppwriteError('general_argument_invalid', `Invalid \`${paramName}\` param: URL host must be one of: ${hosts.join(', ')}`);
}

/** `url` with the given query parameters added (existing ones are kept). */
export function withQuery(url: string, values: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(values)) target.searchParams.set(name, value);
  return target.toString();
}
