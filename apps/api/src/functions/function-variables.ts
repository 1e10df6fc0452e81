import { CONSOLE_PATH } from '@ballot-atlas/shared/site/console-path';
import type { Config } from '../config.ts';

/**
 * The server settings a declared variable may name as `${NAME}`: facts about the site, never
 * secrets. CONSOLE_PATH is unlisted rather than secret (the console checks who asks); functions
 * that mail editors link to it.
 */
export function serverSettings(config: Pick<Config, 'siteUrl' | 'siteName'>): Readonly<Record<string, string>> {
  return { SITE_URL: config.siteUrl, SITE_NAME: config.siteName, CONSOLE_PATH };
}

/** A function's declared `vars`, each `${NAME}` of a server setting replaced by its value. */
export function resolveVariables(vars: Readonly<Record<string, string>>, settings: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, value.replace(/\$\{([A-Z_]+)\}/g, (whole, setting: string) => settings[setting] ?? whole)]));
}
