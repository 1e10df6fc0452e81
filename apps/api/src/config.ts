import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { readOAuthProviders, type EnabledProvider } from './services/account/oauth/oauth-config.ts';
import { parseApiKeys, type ScopedApiKey } from './core/api-keys.ts';
import { readGuestRates, type GuestRates } from './core/guest-rates.ts';
import { bundledGeoDatabase } from './services/locale/geo-locator.ts';
import { parseStorageUrl, type StorageTarget } from './services/storage/blobs/storage-url.ts';

const languageList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[a-z]{2,3}$/, 'each language must be an ISO 639 code such as en')).min(1));

const hostList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'each entry must be host or host:port')));

const originList = z
  .string()
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.url().transform((url) => new URL(url).origin)));

function milliseconds(min: number, max: number) {
  return z.coerce.number().int().min(min).max(max);
}

/** Every setting, its default and its rule; `README.md` documents the same list. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SITE_URL: z.url().optional(),
  SITE_NAME: z.string().min(1).max(64).default('Ballot Atlas'),
  PROJECT_ID: z.string().regex(/^[a-z0-9][a-z0-9-]{0,35}$/, 'lower-case letters, digits and hyphens, at most 36').default('ballot-atlas'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a PostgreSQL schema name').default('public'),
  SCHEMA_FILE: z.string().min(1).default('appwrite.json'),
  ALLOWED_ORIGINS: originList.default([]),
  API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  API_KEYS: z.string().optional(),
  LANGUAGES: languageList.default(['en', 'fr', 'sw']),
  DEFAULT_LANGUAGE: z.string().regex(/^[a-z]{2,3}$/).default('en'),
  SEED: z.enum(['demo', 'large', 'none']).or(z.string().regex(/^\d+$/, 'demo, large, none or a candidate count')).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'silent']).default('info'),
  ABUSE_LIMITS: z.enum(['enabled', 'disabled']).default('enabled'),
  TRUST_PROXY: z.string().regex(/^[\w.:/, -]+$/, 'addresses, subnets or loopback/linklocal/uniquelocal, comma-separated').default('loopback'),
  WEB_BUILD_DIR: z.string().min(1).default('apps/web/build'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).max(254).optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  STORAGE_URL: z.string().regex(/^s3:\/\//, 'must be an s3://BUCKET[/key-prefix]?endpoint=URL&region=R&forcePathStyle=true URL').optional(),
  SESSION_DURATION: z.coerce.number().int().min(60).max(31_536_000).default(31_536_000),
  AVATARS_ALLOWED_HOSTS: hostList.default([]),
  AVATARS_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  GEOIP_DATABASE: z.string().min(1).refine((path) => existsSync(path), 'no such file: a country .mmdb database').optional(),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(100, 120_000).default(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.literal('0').transform(() => 0).or(milliseconds(100, 3_600_000)).default(30_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_REPLICA_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(2 * 1024 * 1024),
  HEADER_LIMIT_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(16 * 1024),
  HEADERS_TIMEOUT_MS: milliseconds(500, 300_000).default(15_000),
  REQUEST_TIMEOUT_MS: milliseconds(500, 3_600_000).default(30_000),
  REQUEST_BODY_MIN_RATE: z.coerce.number().int().min(1).max(1024 * 1024 * 1024).default(4096),
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(100, 600_000).default(72_000),
  CONNECTION_TIMEOUT_MS: z.literal('0').transform(() => 0).or(milliseconds(1000, 3_600_000)).default(120_000),
  SHUTDOWN_TIMEOUT_MS: milliseconds(0, 600_000).default(25_000),
  ACCESS_LOG: z.enum(['info', 'debug', 'off']).default('info'),
  UPLOADS_IN_PROGRESS_PER_USER: z.coerce.number().int().min(0).max(1000).default(10),
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  FUNCTIONS_WORKERS: z.coerce.number().int().min(1).max(256).default(4),
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  FUNCTIONS_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  EXECUTIONS_CONCURRENCY: z.coerce.number().int().min(0).max(256).default(2),
  JOBS_POLL_MS: milliseconds(50, 60_000).default(1_000),
  MESSAGING_SEND_LEASE_MS: milliseconds(1_000, 600_000).default(10_000),
  REALTIME_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(64),
  REALTIME_SUBSCRIPTIONS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(64),
  REALTIME_MESSAGE_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(64 * 1024),
  REALTIME_SEND_BUFFER_BYTES: z.coerce.number().int().min(16 * 1024).max(1024 * 1024 * 1024).default(4 * 1024 * 1024),
  REALTIME_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(128),
  REALTIME_HEARTBEAT_MS: milliseconds(100, 600_000).default(20_000),
});

export interface Config {
  port: number;
  host: string;
  siteUrl: string;
  siteName: string;
  projectId: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  schemaFile: string;
  allowedOrigins: string[];
  apiKey: string | undefined;
  /** Keys limited to some of Appwrite's key scopes (API_KEYS). */
  apiKeys: ScopedApiKey[];
  languages: string[];
  defaultLanguage: string;
  seed: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  abuseLimits: boolean;
  /** Per-address budgets of guests for expensive work (GUEST_<KIND>_RATE); off with abuseLimits. */
  guestRates: GuestRates;
  /** Chunked uploads one user (a guest: one address) may have in progress; 0 for no cap; off with abuseLimits. */
  uploadsInProgressPerUser: number;
  /** Rows per batch of a console import: per transaction of its write, and per saved part of its report. */
  importBatchSize: number;
  /** Server processes on one port (node:cluster); 1: this process serves alone. */
  workers: number;
  /** Function worker processes at most (the pool that runs executions). */
  functionsWorkers: number;
  /** A warm function worker unused for this long is stopped. */
  functionsIdleSeconds: number;
  /** Queued executions this process runs at once; 0: it only accepts them (another process runs them). */
  executionsConcurrency: number;
  /** How often each process looks for due jobs (queued and scheduled executions, cron ticks). */
  jobsPollMs: number;
  /** How long one step of a message send may hold its job before another process takes it over. */
  messagingSendLeaseMs: number;
  /** Proxies whose X-Forwarded-For is believed (the in-process site calls the API over loopback). */
  trustProxy: string;
  webBuildDir: string;
  /** Unset: mail goes to the outbox directory under DATA_DIR. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionDurationSeconds: number;
  /** Shared state for several processes (abuse-limit counters); unset: in-process. */
  redisUrl: string | undefined;
  /** Where file bytes, chunks and rendered previews live (STORAGE_URL); unset: under DATA_DIR. */
  storage: StorageTarget;
  /** OAuth2 providers turned on by OAUTH_PROVIDERS, by name. */
  oauthProviders: Record<string, EnabledProvider>;
  /** host or host:port the avatar fetcher may reach even on private addresses (tests only). */
  avatarsAllowedHosts: string[];
  /** The whole time one favicon or image avatar may spend fetching. */
  avatarsFetchTimeoutMs: number;
  /** The geo-IP country database (.mmdb) for /locale and session countries; default: the one the npm package ships. */
  geoIpDatabase: string;
  /** PostgreSQL: connecting and waiting for a pooled connection; SQLite: waiting for another process's lock. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL's statement_timeout; 0 for none. */
  databaseStatementTimeoutMs: number;
  /** PostgreSQL connections each process keeps at most (primary, and replica when set). */
  databasePoolSize: number;
  /** A streaming standby of DATABASE_URL for the hot read paths (read-your-writes for the writer). */
  databaseReplicaUrl: string | undefined;
  limits: HttpLimits;
  /** How long SIGTERM waits for requests in flight before cutting them off. */
  shutdownTimeoutMs: number;
  /** The level of the one log line per request; `off` for none. */
  accessLog: 'info' | 'debug' | 'off';
  realtime: RealtimeLimits;
}

/** What one realtime client may hold and send (docs/security.md, "Realtime"). */
export interface RealtimeLimits {
  /** Open sockets from one address at once. */
  connectionsPerIp: number;
  /** Subscriptions one socket may hold (the channels of the URL count as one). */
  subscriptionsPerConnection: number;
  /** The largest frame a client may send; bigger ones close the socket with 1009. */
  messageBytes: number;
  /** Bytes waiting to be sent to one socket; beyond this the consumer is too slow and is cut off. */
  sendBufferBytes: number;
  /** Handshakes one address may make per minute, with abuse limits on (Appwrite's 128). */
  connectionsPerMinute: number;
  /** The protocol ping period; a socket that did not answer the previous ping is dropped. */
  heartbeatMs: number;
}

/** What one client may send and how slowly. */
export interface HttpLimits {
  /** JSON and form bodies (uploads have their bucket's limit). */
  bodyBytes: number;
  /** All request headers together. */
  headerBytes: number;
  /** From connection (or the previous request) to the end of the headers. */
  headersTimeoutMs: number;
  /** From the start of a request to the end of its body, plus a second for every `bodyMinRate` bytes received. */
  requestTimeoutMs: number;
  bodyMinRate: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed; 0 for never. */
  connectionTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (!value.LANGUAGES.includes(value.DEFAULT_LANGUAGE)) {
    throw new ConfigError(`Invalid configuration:\n  DEFAULT_LANGUAGE: "${value.DEFAULT_LANGUAGE}" is not in LANGUAGES`);
  }
  if (value.DATABASE_REPLICA_URL && !value.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (a replica of which primary?)');
  }
  const scopedKeys = parseApiKeys(value.API_KEYS ?? '', value.API_KEY);
  if (scopedKeys.problems.length) throw new ConfigError(`Invalid configuration:\n${scopedKeys.problems.map((problem) => `  API_KEYS: ${problem}`).join('\n')}`);
  const oauth = readOAuthProviders(env);
  if (oauth.problems.length) throw new ConfigError(`Invalid configuration:\n${oauth.problems.map((problem) => `  ${problem}`).join('\n')}`);
  const guestRates = readGuestRates(present);
  if (guestRates.problems.length) throw new ConfigError(`Invalid configuration:\n${guestRates.problems.map((problem) => `  ${problem}`).join('\n')}`);
  const storage = parseStorageUrl(value.STORAGE_URL, present);
  if (storage.problems.length) throw new ConfigError(`Invalid configuration:\n${storage.problems.map((problem) => `  STORAGE_URL: ${problem}`).join('\n')}`);
  const siteUrl = value.SITE_URL ?? `http://localhost:${value.PORT}`;
  return {
    port: value.PORT,
    host: value.HOST,
    siteUrl,
    siteName: value.SITE_NAME,
    projectId: value.PROJECT_ID,
    dataDir: resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    databaseSchema: value.DATABASE_SCHEMA,
    schemaFile: resolve(value.SCHEMA_FILE),
    allowedOrigins: [...new Set([new URL(siteUrl).origin, ...value.ALLOWED_ORIGINS])],
    apiKey: value.API_KEY,
    apiKeys: scopedKeys.keys,
    languages: value.LANGUAGES,
    defaultLanguage: value.DEFAULT_LANGUAGE,
    seed: value.SEED,
    logLevel: value.LOG_LEVEL,
    abuseLimits: value.ABUSE_LIMITS === 'enabled',
    guestRates: guestRates.rates,
    uploadsInProgressPerUser: value.UPLOADS_IN_PROGRESS_PER_USER,
    importBatchSize: value.IMPORT_BATCH_SIZE,
    workers: value.WORKERS ?? (env['NODE_ENV'] === 'production' ? availableParallelism() : 1),
    functionsWorkers: value.FUNCTIONS_WORKERS,
    functionsIdleSeconds: value.FUNCTIONS_IDLE_SECONDS,
    executionsConcurrency: value.EXECUTIONS_CONCURRENCY,
    jobsPollMs: value.JOBS_POLL_MS,
    messagingSendLeaseMs: value.MESSAGING_SEND_LEASE_MS,
    trustProxy: value.TRUST_PROXY,
    webBuildDir: resolve(value.WEB_BUILD_DIR),
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM ?? `${value.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    sessionDurationSeconds: value.SESSION_DURATION,
    oauthProviders: oauth.enabled,
    redisUrl: value.REDIS_URL,
    storage: storage.target,
    avatarsAllowedHosts: value.AVATARS_ALLOWED_HOSTS,
    avatarsFetchTimeoutMs: value.AVATARS_FETCH_TIMEOUT_MS,
    geoIpDatabase: value.GEOIP_DATABASE ? resolve(value.GEOIP_DATABASE) : bundledGeoDatabase(),
    databaseConnectTimeoutMs: value.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePoolSize: value.DATABASE_POOL_SIZE,
    databaseReplicaUrl: value.DATABASE_REPLICA_URL,
    limits: {
      bodyBytes: value.BODY_LIMIT_BYTES,
      headerBytes: value.HEADER_LIMIT_BYTES,
      headersTimeoutMs: value.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: value.REQUEST_TIMEOUT_MS,
      bodyMinRate: value.REQUEST_BODY_MIN_RATE,
      keepAliveTimeoutMs: value.KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: value.CONNECTION_TIMEOUT_MS,
    },
    shutdownTimeoutMs: value.SHUTDOWN_TIMEOUT_MS,
    accessLog: value.ACCESS_LOG,
    realtime: {
      connectionsPerIp: value.REALTIME_CONNECTIONS_PER_IP,
      subscriptionsPerConnection: value.REALTIME_SUBSCRIPTIONS_PER_CONNECTION,
      messageBytes: value.REALTIME_MESSAGE_BYTES,
      sendBufferBytes: value.REALTIME_SEND_BUFFER_BYTES,
      connectionsPerMinute: value.REALTIME_CONNECTIONS_PER_MINUTE,
      heartbeatMs: value.REALTIME_HEARTBEAT_MS,
    },
  };
}
