/** Appwrite's GraphQL spelling of a key: `$id` → `_id`; anything else GraphQL cannot name becomes `_`. */
export function graphqlName(key: string): string {
  const name = key.replace(/\$/g, '_').replace(/[^_a-zA-Z0-9]/g, '_');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The route's operation name, as Appwrite builds it: `databases.listDocuments` → `databasesListDocuments`. */
export function operationName(routeId: string): string {
  const [service = '', method = ''] = routeId.split('.');
  return `${service}${method.charAt(0).toUpperCase()}${method.slice(1)}`;
}

/** Renames every `$`-key to `_` in a route's output, as Appwrite's resolvers do before GraphQL reads it. */
export function escapeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(escapeKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties: a key named "__proto__" (a document may hold one) stays a key, never the prototype.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.startsWith('$') ? key.replace(/\$/g, '_') : key, escapeKeys(item)]));
}
