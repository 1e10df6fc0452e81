import { z } from 'zod';
import { historyModels } from '../services/history/change-model.ts';
import { executionModels } from '../services/functions/execution-model.ts';
import { messageModels } from '../services/messaging/message-model.ts';
import { importModels } from '../services/imports/import-model.ts';
import { tokenModels } from '../services/tokens/token-model.ts';
import { transactionModels } from '../services/transactions/transaction-model.ts';
import { rowModels } from '../services/tablesdb/row-model.ts';
import { localeModels } from '../services/locale/locale-models.ts';
import { schemaModels } from '../services/schema-reads/schema-wire-models.ts';

/** Wire models named by routes' `response.model`; the OpenAPI document is generated from these. */
const document = z
  .looseObject({
    $id: z.string().describe('Document ID.'),
    $sequence: z.string().describe('Internal insertion sequence.'),
    $collectionId: z.string(),
    $databaseId: z.string(),
    $createdAt: z.string().describe('ISO 8601 creation time.'),
    $updatedAt: z.string().describe('ISO 8601 time of the last update.'),
    $permissions: z.array(z.string()),
  })
  .describe('A document: system fields plus every attribute at the top level.');

const date = z.string().describe('ISO 8601 date-time; empty when not set.');

/** One schema wherever preferences appear, so GraphQL names them all `Preferences` (as Appwrite does). */
const preferences = z.record(z.string(), z.unknown());

const target = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, name: z.string(), userId: z.string(), providerId: z.string().nullable(),
  providerType: z.enum(['email', 'sms', 'push']), identifier: z.string(), expired: z.boolean(),
});

const account = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, name: z.string(), registration: date, status: z.boolean().describe('false: blocked.'),
  labels: z.array(z.string()), passwordUpdate: date, email: z.string(), phone: z.string(), emailVerification: z.boolean(),
  phoneVerification: z.boolean(), mfa: z.boolean(), prefs: preferences, targets: z.array(target), accessedAt: date,
});

const client = {
  osCode: z.string(), osName: z.string(), osVersion: z.string(), clientType: z.string(), clientCode: z.string(), clientName: z.string(),
  clientVersion: z.string(), clientEngine: z.string(), clientEngineVersion: z.string(), deviceName: z.string(), deviceBrand: z.string(),
  deviceModel: z.string(), countryCode: z.string(), countryName: z.string(),
};

const session = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, userId: z.string(), expire: date,
  provider: z.enum(['email', 'anonymous', 'magic-url', 'phone', 'oauth2', 'token', 'server']), providerUid: z.string(),
  providerAccessToken: z.string(), providerAccessTokenExpiry: date, providerRefreshToken: z.string(), ip: z.string(), ...client,
  current: z.boolean(), factors: z.array(z.string()), secret: z.string().describe('Empty for clients.'), mfaUpdatedAt: date,
});

const log = z.object({ event: z.string(), userId: z.string(), userEmail: z.string(), userName: z.string(), mode: z.string(), ip: z.string(), time: date, ...client });

const identity = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, userId: z.string(), provider: z.string(), providerUid: z.string(), providerEmail: z.string(),
  providerAccessToken: z.string(), providerAccessTokenExpiry: date, providerRefreshToken: z.string(),
});

const file = z.object({
  $id: z.string(), bucketId: z.string(), $createdAt: date, $updatedAt: date, $permissions: z.array(z.string()), name: z.string(),
  signature: z.string().describe('MD5 of the content; empty until the upload is complete.'),
  mimeType: z.string().describe('Detected from the content, never taken from the client; empty until complete.'),
  sizeOriginal: z.number().int(), sizeActual: z.number().int().describe('Bytes stored (after compression/encryption).'),
  chunksTotal: z.number().int(), chunksUploaded: z.number().int(), encryption: z.boolean(), compression: z.enum(['none', 'gzip', 'zstd']),
});

const team = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, name: z.string(), total: z.number().int().describe('Confirmed members.'),
  prefs: preferences,
});

const membership = z.object({
  $id: z.string(), $createdAt: date, $updatedAt: date, userId: z.string(), userName: z.string(), userEmail: z.string(), teamId: z.string(),
  teamName: z.string(), invited: date, joined: date.describe('Empty until the invitation is accepted.'), confirm: z.boolean(),
  mfa: z.boolean(), roles: z.array(z.string()),
});

export const models: Record<string, z.ZodType> = {
  Team: team,
  TeamList: z.object({ total: z.number().int(), teams: z.array(team) }),
  Membership: membership,
  MembershipList: z.object({ total: z.number().int(), memberships: z.array(membership) }),
  File: file,
  FileList: z.object({ total: z.number().int(), files: z.array(file) }),
  Account: account,
  User: account.extend({ hash: z.string().describe('Password hashing algorithm: argon2.'), hashOptions: z.record(z.string(), z.unknown()).describe('The argon2 parameters.') }).describe('A user as keys see it; the password hash itself is never sent.'),
  UserList: z.object({ total: z.number().int().describe('Matches, counted up to 5000.'), users: z.array(account.extend({ hash: z.string(), hashOptions: z.record(z.string(), z.unknown()) })) }),
  Session: session,
  SessionList: z.object({ total: z.number().int(), sessions: z.array(session) }),
  Token: z.object({ $id: z.string(), $createdAt: date, userId: z.string(), secret: z.string().describe('Empty for clients: it is delivered out of band.'), expire: date, phrase: z.string() }),
  JWT: z.object({ jwt: z.string() }),
  LogList: z.object({ total: z.number().int(), logs: z.array(log) }),
  IdentityList: z.object({ total: z.number().int(), identities: z.array(identity) }),
  Target: target,
  Preferences: preferences,
  MfaType: z.object({ secret: z.string(), uri: z.string() }),
  MfaChallenge: z.object({ $id: z.string(), $createdAt: date, userId: z.string(), expire: date }),
  MfaFactors: z.object({ totp: z.boolean(), phone: z.boolean(), email: z.boolean(), recoveryCode: z.boolean() }),
  MfaRecoveryCodes: z.object({ recoveryCodes: z.array(z.string()) }),
  Document: document,
  DocumentList: z.object({ total: z.number().int().describe('Matches, counted up to 5000.'), documents: z.array(document) }),
  HealthStatus: z.object({ name: z.string(), ping: z.number().int(), status: z.enum(['pass', 'fail']) }),
  HealthStatusList: z.object({ total: z.number().int(), statuses: z.array(z.object({ name: z.string(), ping: z.number().int(), status: z.enum(['pass', 'fail']) })) }),
  ...historyModels,
  ...executionModels,
  ...messageModels,
  ...importModels,
  ...tokenModels,
  ...schemaModels,
  ...transactionModels,
  ...rowModels,
  ...localeModels,
  Error: z.object({ message: z.string(), code: z.number().int(), type: z.string(), version: z.string() }),
};
