/**
 * Scoped API keys (`API_KEYS`): keys an operator hands to one job — an importer, a monitor — that
 * bypass permissions like Appwrite's project keys but reach only the routes their scopes name.
 *
 * Format: entries separated by `;` or line breaks, each `name:scope,scope,…:secret`, e.g.
 * `importer:documents.read,documents.write:<secret>; monitor:health.read:<secret>`.
 */

/** The scopes Appwrite lets a project key hold (app/config/scopes/project.php), so a key's list copied from Appwrite works. */
export const KEY_SCOPES: ReadonlySet<string> = new Set([
  'project.read', 'project.write', 'keys.read', 'keys.write', 'platforms.read', 'platforms.write', 'mocks.read', 'mocks.write',
  'policies.read', 'policies.write', 'project.policies.read', 'project.policies.write', 'project.oauth2.read', 'project.oauth2.write',
  'templates.read', 'templates.write', 'stages.read', 'stages.write', 'users.read', 'users.write', 'sessions.read', 'sessions.write',
  'teams.read', 'teams.write', 'databases.read', 'databases.write', 'tables.read', 'tables.write', 'columns.read', 'columns.write',
  'indexes.read', 'indexes.write', 'rows.read', 'rows.write', 'embeddings.write', 'collections.read', 'collections.write',
  'attributes.read', 'attributes.write', 'documents.read', 'documents.write', 'buckets.read', 'buckets.write', 'files.read',
  'files.write', 'tokens.read', 'tokens.write', 'functions.read', 'functions.write', 'executions.read', 'executions.write',
  'execution.read', 'execution.write', 'sites.read', 'sites.write', 'log.read', 'log.write', 'providers.read', 'providers.write',
  'topics.read', 'topics.write', 'subscribers.read', 'subscribers.write', 'targets.read', 'targets.write', 'messages.read',
  'messages.write', 'rules.read', 'rules.write', 'webhooks.read', 'webhooks.write', 'locale.read', 'avatars.read', 'health.read',
  'assistant.read', 'migrations.read', 'migrations.write', 'schedules.read', 'schedules.write', 'vcs.read', 'vcs.write',
  'insights.read', 'insights.write', 'reports.read', 'reports.write', 'presences.read', 'presences.write',
]);

/** What every key holds besides its own scopes (roles.php, role "applications"). */
const APPLICATION_SCOPES = ['global', 'health.read', 'graphql'];

/** A key's scopes with those every key holds. */
export function withApplicationScopes(scopes: Iterable<string>): ReadonlySet<string> {
  return new Set([...scopes, ...APPLICATION_SCOPES]);
}

const MIN_SECRET_LENGTH = 32;

export interface ScopedApiKey {
  /** Names the key in configuration errors; never the secret. */
  name: string;
  /** The key's scopes with those every key holds. */
  scopes: ReadonlySet<string>;
  secret: string;
}

/** Reads `API_KEYS`; each problem names the entry by its position or name, never by its secret. */
export function parseApiKeys(text: string, operatorKey: string | undefined): { keys: ScopedApiKey[]; problems: string[] } {
  const keys: ScopedApiKey[] = [];
  const problems: string[] = [];
  const entries = text.split(/[;\n]/).map((entry) => entry.trim()).filter(Boolean);
  for (const [index, entry] of entries.entries()) {
    const [name = '', scopeList = '', ...secretParts] = entry.split(':');
    const secret = secretParts.join(':');
    const validName = /^[A-Za-z0-9_-]{1,36}$/.test(name);
    const label = validName ? `key "${name}"` : `entry ${index + 1}`;
    if (secretParts.length === 0) {
      problems.push(`${label}: expected name:scope,scope:secret`);
      continue;
    }
    if (!validName) problems.push(`${label}: the name must be 1 to 36 letters, digits, - or _`);
    const scopes = scopeList.split(',').map((scope) => scope.trim()).filter(Boolean);
    if (scopes.length === 0) problems.push(`${label}: at least one scope is required`);
    for (const scope of scopes) if (!KEY_SCOPES.has(scope)) problems.push(`${label}: unknown scope "${scope}"`);
    if (secret.length < MIN_SECRET_LENGTH || /\s/.test(secret)) problems.push(`${label}: the secret must be at least ${MIN_SECRET_LENGTH} characters, without spaces`);
    if (keys.some((key) => key.name === name)) problems.push(`${label}: the name is used twice`);
    if (keys.some((key) => key.secret === secret) || secret === operatorKey) problems.push(`${label}: the secret is already another key's`);
    keys.push({ name, scopes: withApplicationScopes(scopes), secret });
  }
  return { keys: problems.length ? [] : keys, problems };
}
