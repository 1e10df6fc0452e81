import { afterAll } from 'vitest';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { describeCompat, type CompatContext } from './compat-suite.ts';
import { installBrowserGlobals } from './realtime-browser.ts';

/**
 * The compat cases per SDK generation × engine on the site's own schema (parties, contact
 * messages only editors read, the `editors` team), without its functions, which realtime does not need.
 */
export function describeRealtime(title: string, defineCases: (context: CompatContext) => void, env: Record<string, string> = {}): void {
  installBrowserGlobals();
  const schema = siteSchemaCopy((copy) => (copy['functions'] = []));
  afterAll(() => schema.remove());
  describeCompat(title, defineCases, { schemaFile: schema.file, env: { SEED: 'none', ...env } });
}
