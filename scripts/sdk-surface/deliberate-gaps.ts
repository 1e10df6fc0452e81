import type { SdkEndpoint } from './extract.ts';

interface Gap {
  service: string;
  /** Only paths starting with this; absent: the whole service. */
  pathPrefix?: string;
  reason: string;
}

/**
 * What Ballot Atlas leaves out on purpose (first match wins). Anything else unserved is reported
 * "not built yet". These are reasons for the README table only: whether a call gets 405 or 404
 * depends on whether Appwrite's server has the route, not on this list.
 */
const GAPS: readonly Gap[] = [
  { service: 'databases', pathPrefix: '/databases/{databaseId}/collections/{collectionId}/attributes', reason: 'schema is appwrite.json, applied at start-up' },
  { service: 'databases', pathPrefix: '/databases/{databaseId}/collections/{collectionId}/indexes', reason: 'schema is appwrite.json, applied at start-up' },
  { service: 'tablesDB', pathPrefix: '/tablesdb/{databaseId}/tables/{tableId}/columns', reason: 'schema is appwrite.json, applied at start-up' },
  { service: 'tablesDB', pathPrefix: '/tablesdb/{databaseId}/tables/{tableId}/indexes', reason: 'schema is appwrite.json, applied at start-up' },
  { service: 'functions', pathPrefix: '/functions/{functionId}/deployments', reason: 'functions are deployed from functions/<id>/ with the code' },
  { service: 'functions', pathPrefix: '/functions/runtimes', reason: 'one Node runtime, in-process' },
  { service: 'functions', pathPrefix: '/functions/specifications', reason: 'one Node runtime, in-process' },
  { service: 'functions', pathPrefix: '/functions/templates', reason: 'no function templates' },
  { service: 'messaging', pathPrefix: '/messaging/providers', reason: 'providers are SMTP_URL / SMS settings, not API objects' },
  { service: 'documentsDB', reason: 'DocumentsDB, a second database engine: not offered' },
  { service: 'vectorsDB', reason: 'VectorsDB, vector search: not offered' },
  { service: 'organization', reason: 'organisations: one project per server' },
  { service: 'presences', reason: 'presence tracking: not offered (realtime carries live changes)' },
  { service: 'project', reason: 'console project settings: configured by env and appwrite.json' },
  { service: 'proxy', reason: 'console: custom domains are nginx in front' },
  { service: 'sites', reason: 'console: the web site is apps/web, served by this process' },
  { service: 'backups', reason: 'console: npm run backup / restore' },
  { service: 'advisor', reason: 'console only' },
  { service: 'apps', reason: 'console only' },
  { service: 'webhooks', reason: 'console: functions with event triggers instead' },
  { service: 'activities', reason: 'console only' },
  { service: 'oauth2', reason: 'Appwrite as an OAuth2 provider: not offered' },
];

export function deliberateGap(endpoint: SdkEndpoint): string | undefined {
  return GAPS.find((gap) => gap.service === endpoint.service && (gap.pathPrefix === undefined || endpoint.path.startsWith(gap.pathPrefix)))?.reason;
}
