import { normalizePermissions } from '@ballot-atlas/shared/appwrite/permission';
import { generateEvents } from './event-names.ts';
import type { OutboxEvent } from './outbox-event.ts';

/**
 * What Appwrite's realtime adapter (Realtime::fromPayload) derives from an event: its channels,
 * each resource channel also with the action as a suffix (`documents.create`), and the roles that
 * may receive it.
 */

const ACTIONS = new Set(['create', 'update', 'upsert', 'delete']);
const RESOURCE_LEAVES = new Set(['documents', 'rows', 'files', 'executions', 'functions', 'account', 'teams', 'memberships', 'presences']);

/** The action of an event name: its last segment, or the one before for `…update.email`-style names. */
function actionOf(event: string): string | undefined {
  const parts = event.split('.');
  const last = parts[parts.length - 1]!;
  if (ACTIONS.has(last)) return last;
  const beforeLast = parts[parts.length - 2];
  return beforeLast !== undefined && ACTIONS.has(beforeLast) ? beforeLast : undefined;
}

function withActionSuffixes(channels: readonly string[], action: string | undefined): string[] {
  if (!action) return [...channels];
  const suffixed = channels.filter((channel) => {
    const segments = channel.split('.');
    return RESOURCE_LEAVES.has(segments[segments.length - 1]!) || (segments.length >= 2 && RESOURCE_LEAVES.has(segments[segments.length - 2]!));
  });
  return [...new Set([...channels, ...suffixed.map((channel) => `${channel}.${action}`)])];
}

/** The roles holding `read` in a permission list (`read("any")` → `any`). */
export function readRoles(permissions: readonly string[]): string[] {
  const all = normalizePermissions(permissions, ['read', 'create', 'update', 'delete']);
  return [...new Set(all.filter((permission) => permission.action === 'read').map((permission) => permission.role))];
}

/** A resource's readers: its container's, plus its own when the container has document (file) security. */
function readersOf(containerPermissions: readonly string[], ownSecurity: boolean, ownPermissions: readonly string[]): string[] {
  const container = readRoles(containerPermissions);
  return ownSecurity ? [...new Set([...container, ...readRoles(ownPermissions)])] : container;
}

/** A wire model: the resource as REST returns it. */
type Model = object;

function describe(pattern: string, params: Record<string, string>, channels: string[], roles: string[], payload: Model): OutboxEvent {
  const events = generateEvents(pattern, params);
  return { events, channels: withActionSuffixes(channels, actionOf(events[0]!)), roles, payload: payload as Record<string, unknown> };
}

export type WriteAction = 'create' | 'update' | 'delete';

export interface DocumentContainer {
  databaseId: string;
  $id: string;
  $permissions: readonly string[];
  documentSecurity: boolean;
}

/** A document written through the Databases API (legacy spelling, mirrored to TablesDB's). */
export function documentEvent(action: WriteAction | 'upsert', collection: DocumentContainer, document: Model & { $id: string; $permissions: readonly string[] }, userId?: string | null): OutboxEvent {
  const { databaseId, $id: collectionId } = collection;
  const documentId = document.$id;
  const channels = [
    'documents',
    `databases.${databaseId}.collections.${collectionId}.documents`,
    `databases.${databaseId}.collections.${collectionId}.documents.${documentId}`,
    'rows',
    `databases.${databaseId}.tables.${collectionId}.rows`,
    `databases.${databaseId}.tables.${collectionId}.rows.${documentId}`,
    `tablesdb.${databaseId}.tables.${collectionId}.rows`,
    `tablesdb.${databaseId}.tables.${collectionId}.rows.${documentId}`,
  ];
  const event = describe(
    `databases.[databaseId].collections.[collectionId].documents.[documentId].${action}`,
    { databaseId, collectionId, tableId: collectionId, documentId, rowId: documentId },
    channels,
    readersOf(collection.$permissions, collection.documentSecurity, document.$permissions),
    document,
  );
  return userId ? { ...event, userId } : event;
}

export interface FileContainer {
  $id: string;
  $permissions: readonly string[];
  fileSecurity: boolean;
}

/** A file of a bucket: created when its last chunk is in, updated, deleted. */
export function fileEvent(action: WriteAction, bucket: FileContainer, file: Model & { $id: string; $permissions: readonly string[] }): OutboxEvent {
  const bucketId = bucket.$id;
  const channels = ['files', `buckets.${bucketId}.files`, `buckets.${bucketId}.files.${file.$id}`];
  return describe(`buckets.[bucketId].files.[fileId].${action}`, { bucketId, fileId: file.$id }, channels, readersOf(bucket.$permissions, bucket.fileSecurity, file.$permissions), file);
}

/** A team; `update.prefs` for its preferences. Its members receive it. */
export function teamEvent(action: WriteAction | 'update.prefs', team: Model & { $id: string }, payload: Model = team): OutboxEvent {
  return describe(`teams.[teamId].${action}`, { teamId: team.$id }, ['teams', `teams.${team.$id}`], [`team:${team.$id}`], payload);
}

/** A membership of a team; `update.status` when an invitation is accepted. The team's members receive it. */
export function membershipEvent(action: WriteAction | 'update.status', membership: Model & { $id: string; teamId: string }): OutboxEvent {
  const { teamId, $id: membershipId } = membership;
  return describe(`teams.[teamId].memberships.[membershipId].${action}`, { teamId, membershipId }, ['memberships', `memberships.${membershipId}`], [`team:${teamId}`], membership);
}

/** A change to a user's own account (`update.name`, `update.prefs`…); only that user receives it. */
export type AccountChange = 'create' | 'delete' | 'update.name' | 'update.email' | 'update.phone' | 'update.password' | 'update.prefs' | 'update.status' | 'update.mfa' | 'update.labels' | 'update.verification';

function accountChannels(userId: string): string[] {
  return ['account', `account.${userId}`];
}

export function userEvent(change: AccountChange, userId: string, payload: Model): OutboxEvent {
  return describe(`users.[userId].${change}`, { userId }, accountChannels(userId), [`user:${userId}`], payload);
}

/**
 * Something of the user's (`sessions`, `recovery`, `verification`, `targets`, `identities`,
 * `challenges`). Only top-level user events get action-suffixed channels in Appwrite, so these publish on `account` and `account.ID` alone.
 */
export function userResourceEvent(resource: 'sessions' | 'recovery' | 'verification' | 'targets' | 'identities' | 'challenges', action: WriteAction, userId: string, payload: Model & { $id: string }): OutboxEvent {
  const key = { sessions: 'sessionId', recovery: 'tokenId', verification: 'tokenId', targets: 'targetId', identities: 'identityId', challenges: 'challengeId' }[resource];
  const events = generateEvents(`users.[userId].${resource}.[${key}].${action}`, { userId, [key]: payload.$id });
  return { events, channels: accountChannels(userId), roles: [`user:${userId}`], payload: payload as Record<string, unknown> };
}

/**
 * An execution created or updated. Appwrite publishes it on realtime channels only when someone
 * may read it (`executions`, `executions.ID`, `functions.FUNCTION_ID`); a key-only execution still
 * reaches function triggers through its event strings.
 */
export function executionEvent(action: 'create' | 'update', execution: Model & { $id: string; functionId: string; $permissions: readonly string[] }): OutboxEvent {
  const roles = readRoles(execution.$permissions);
  const channels = roles.length ? ['executions', `executions.${execution.$id}`, `functions.${execution.functionId}`] : [];
  return describe(`functions.[functionId].executions.[executionId].${action}`, { functionId: execution.functionId, executionId: execution.$id }, channels, roles, execution);
}
