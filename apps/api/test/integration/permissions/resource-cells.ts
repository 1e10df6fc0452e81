/**
 * The cells of every declared collection and bucket: list (and full-text search), get, create,
 * update, delete, a file's view, download and preview — each against one target per permission
 * variant — and what a caller may grant when creating or updating, for every principal.
 */
import { documentRules, fileRules, mayRead, rolesOf, type Outcome } from './appwrite-rules.ts';
import type { DeclaredBucket, DeclaredCollection } from './declared-project.ts';
import type { Cell } from './matrix-cells.ts';
import { documentChange, documentData, multipartUpload, newMarker, type TargetVariant } from './matrix-fixtures.ts';
import { queryString, type MatrixHttp, type Reply } from './matrix-http.ts';
import { documentsPath, filesPath, type CreatedTarget, type MatrixTargets } from './matrix-targets.ts';
import type { Principal } from './principals.ts';

export interface ResourceCellInput {
  http: MatrixHttp;
  principals: readonly Principal[];
  targets: MatrixTargets;
  /** One shared target per variant. */
  shared: readonly CreatedTarget[];
  variants: readonly TargetVariant[];
  /** Roles the grant cells try, one at a time and all held ones together. */
  probes: readonly string[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function variantOf(input: ResourceCellInput, target: CreatedTarget): TargetVariant {
  return input.variants.find((variant) => variant.name === target.variant)!;
}

/** Appwrite's default for a new document or file: the creating user reads, updates and deletes it; a guest or key grants nothing. */
function defaultPermissions(principal: Principal): string[] {
  const id = principal.kind === 'user' ? principal.user!.id : undefined;
  return id ? [`read("user:${id}")`, `update("user:${id}")`, `delete("user:${id}")`] : [];
}

function grantsOfRoles(roles: readonly string[]): string[] {
  return roles.flatMap((role) => [`read("${role}")`, `update("${role}")`, `delete("${role}")`]);
}

/** The probe roles a principal holds and those it does not (a key "holds" every role). */
function splitProbes(principal: Principal, probes: readonly string[]): { held: string[]; foreign: string[] } {
  if (principal.kind === 'key') return { held: [...probes], foreign: [] };
  const roles = rolesOf(principal);
  return { held: probes.filter((role) => roles.includes(role)), foreign: probes.filter((role) => !roles.includes(role)) };
}

/** A list (or search) answer must hold exactly the shared targets the caller may read, with their own permissions, and no trace of the others. */
function listCheck(readable: readonly CreatedTarget[], hidden: readonly CreatedTarget[], itemsKey: 'documents' | 'files') {
  return (reply: Reply): string[] => {
    const items = (reply.json?.[itemsKey] ?? []) as { $id: string; $permissions: string[] }[];
    const problems: string[] = [];
    const ids = items.map((item) => item.$id).sort();
    const wanted = readable.map((target) => target.id).sort();
    if (!sameJson(ids, wanted)) problems.push(`listed ${items.map((item) => readable.concat(hidden).find((target) => target.id === item.$id)?.variant ?? item.$id).join(', ') || 'nothing'}`);
    if (reply.json?.total !== wanted.length) problems.push(`total ${reply.json?.total}, ${wanted.length} readable`);
    for (const item of items) {
      const target = readable.find((candidate) => candidate.id === item.$id);
      if (target && !sameJson(item.$permissions, target.permissions)) problems.push(`$permissions of ${target.variant}: ${JSON.stringify(item.$permissions)}`);
    }
    for (const target of hidden) if (reply.text.includes(target.marker)) problems.push(`the answer carries the hidden target ${target.variant}`);
    return problems;
  };
}

function sameModel(target: CreatedTarget) {
  return (reply: Reply): string[] => (sameJson(reply.json, target.model) ? [] : [`answered ${reply.text.slice(0, 300)}`]);
}

function createdWith(permissions: readonly string[]) {
  return (reply: Reply): string[] => (sameJson([...(reply.json?.$permissions ?? [])].sort(), [...permissions].sort()) ? [] : [`$permissions ${JSON.stringify(reply.json?.$permissions)}`]);
}

export function collectionCells(collection: DeclaredCollection, input: ResourceCellInput): Cell[] {
  const { http, principals, targets, shared, probes } = input;
  const path = documentsPath(collection);
  const resource = `collection ${collection.id}`;
  const cells: Cell[] = [];
  const byId = { queries: { method: 'equal', attribute: '$id', values: shared.map((target) => target.id) }, limit: { method: 'limit', values: [100] } };
  const create = (principal: Principal, permissions: readonly string[] | undefined) =>
    http.send('POST', path, { headers: principal.credentials('documents.write'), body: { documentId: 'unique()', data: documentData(collection, newMarker()), ...(permissions ? { permissions } : {}) } });
  const update = async (principal: Principal, expected: Outcome, sharedTarget: CreatedTarget, body: Record<string, unknown>) => {
    const target = expected.status < 300 ? await targets.document(collection, variantOf(input, sharedTarget)) : sharedTarget;
    return http.send('PATCH', `${path}/${target.id}`, { headers: principal.credentials('documents.write'), body });
  };

  for (const principal of principals) {
    const readable = shared.filter((target) => mayRead(collection, target, principal));
    const hidden = shared.filter((target) => !readable.includes(target));
    const list = (operation: string, queries: object[]): Cell => ({
      resource, operation, principal, routeId: 'databases.listDocuments',
      expected: () => documentRules.list(collection, principal),
      send: () => http.send('GET', `${path}?${queryString(queries)}`, { headers: principal.credentials('documents.read') }),
      check: listCheck(readable, hidden, 'documents'),
      secrets: hidden.map((target) => target.marker),
    });
    cells.push(list('list', [byId.queries, byId.limit]));
    for (const attribute of collection.searchable) cells.push(list(`search ${attribute}`, [byId.queries, byId.limit, { method: 'search', attribute, values: ['matrix'] }]));
    cells.push({
      resource, operation: 'create', principal, routeId: 'databases.createDocument',
      expected: () => documentRules.create(collection, principal),
      send: () => create(principal, undefined),
      check: createdWith(defaultPermissions(principal)),
    });
    for (const target of shared) {
      cells.push({
        resource, operation: 'get', target: target.variant, principal, routeId: 'databases.getDocument',
        expected: () => documentRules.get(collection, target, principal),
        send: () => http.send('GET', `${path}/${target.id}`, { headers: principal.credentials('documents.read') }),
        check: sameModel(target),
        secrets: [target.marker],
      });
      const change = documentChange(collection);
      cells.push({
        resource, operation: 'update', target: target.variant, principal, routeId: 'databases.updateDocument',
        expected: () => documentRules.update(collection, target, principal),
        send: (expected) => update(principal, expected, target, { data: change }),
        check: (reply) => Object.entries(change).filter(([key, value]) => !sameJson(reply.json?.[key], value)).map(([key]) => `${key} not updated`),
        secrets: [target.marker],
      });
      cells.push({
        resource, operation: 'delete', target: target.variant, principal, routeId: 'databases.deleteDocument',
        expected: () => documentRules.delete(collection, target, principal),
        send: async (expected) => {
          const victim = expected.status < 300 ? await targets.document(collection, variantOf(input, target)) : target;
          return http.send('DELETE', `${path}/${victim.id}`, { headers: principal.credentials('documents.write') });
        },
        secrets: [target.marker],
      });
    }
    const { held, foreign } = splitProbes(principal, probes);
    if (held.length) {
      const granted = grantsOfRoles(held);
      cells.push({
        resource, operation: `create granting the roles it holds (${held.length})`, principal, routeId: 'databases.createDocument',
        expected: () => documentRules.create(collection, principal, granted),
        send: () => create(principal, granted),
        check: createdWith(granted),
      });
    }
    for (const role of foreign) {
      cells.push({
        resource, operation: `create granting read("${role}")`, principal, routeId: 'databases.createDocument',
        expected: () => documentRules.create(collection, principal, [`read("${role}")`]),
        send: () => create(principal, [`read("${role}")`]),
      });
    }
    const updatable = shared.find((target) => target.variant === 'only update("any")') ?? shared[0]!;
    const grantOnUpdate = [...(held.length ? [{ label: 'the roles it holds', permissions: grantsOfRoles(held) }] : []), ...foreign.slice(0, 1).map((role) => ({ label: `read("${role}")`, permissions: [`read("${role}")`] }))];
    for (const { label, permissions } of grantOnUpdate) {
      cells.push({
        resource, operation: `update granting ${label}`, target: updatable.variant, principal, routeId: 'databases.updateDocument',
        expected: () => documentRules.update(collection, updatable, principal, permissions),
        send: (expected) => update(principal, expected, updatable, { permissions }),
        check: createdWith(permissions),
        secrets: [updatable.marker],
      });
    }
  }
  return cells;
}

export function bucketCells(bucket: DeclaredBucket, input: ResourceCellInput): Cell[] {
  const { http, principals, targets, shared, probes } = input;
  const path = filesPath(bucket);
  const resource = `bucket ${bucket.id}`;
  const cells: Cell[] = [];
  const byId = queryString([{ method: 'equal', attribute: '$id', values: shared.map((target) => target.id) }, { method: 'limit', values: [100] }]);
  const upload = (principal: Principal, permissions: readonly string[] | undefined) =>
    http.send('POST', path, { headers: principal.credentials('files.write'), form: multipartUpload(bucket, 'unique()', newMarker(), permissions) });
  const update = async (principal: Principal, expected: Outcome, sharedTarget: CreatedTarget, body: Record<string, unknown>) => {
    const target = expected.status < 300 ? await targets.file(bucket, variantOf(input, sharedTarget)) : sharedTarget;
    return http.send('PUT', `${path}/${target.id}`, { headers: principal.credentials('files.write'), body });
  };

  for (const principal of principals) {
    const readable = shared.filter((target) => mayRead(bucket, target, principal));
    const hidden = shared.filter((target) => !readable.includes(target));
    for (const [operation, query] of [['list', byId], ['search', `${byId}&search=matrix`]] as const) {
      cells.push({
        resource, operation, principal, routeId: 'storage.listFiles',
        expected: () => fileRules.list(bucket, principal),
        send: () => http.send('GET', `${path}?${query}`, { headers: principal.credentials('files.read') }),
        check: listCheck(readable, hidden, 'files'),
        secrets: hidden.map((target) => target.marker),
      });
    }
    cells.push({
      resource, operation: 'create (upload)', principal, routeId: 'storage.createFile',
      expected: () => fileRules.create(bucket, principal),
      send: () => upload(principal, undefined),
      check: createdWith(defaultPermissions(principal)),
    });
    for (const target of shared) {
      const reads = [
        { operation: 'get', routeId: 'storage.getFile', suffix: '', check: sameModel(target) },
        { operation: 'view', routeId: 'storage.getFileView', suffix: '/view', check: undefined },
        { operation: 'download', routeId: 'storage.getFileDownload', suffix: '/download', check: undefined },
        { operation: 'preview', routeId: 'storage.getFilePreview', suffix: '/preview?width=8', check: undefined },
      ];
      for (const read of reads) {
        cells.push({
          resource, operation: read.operation, target: target.variant, principal, routeId: read.routeId,
          expected: () => fileRules.read(bucket, target, principal),
          send: () => http.send('GET', `${path}/${target.id}${read.suffix}`, { headers: principal.credentials('files.read') }),
          ...(read.check ? { check: read.check } : {}),
          secrets: [target.marker],
        });
      }
      const name = `renamed-${newMarker()}.${String(target.model['name']).split('.').pop()}`;
      cells.push({
        resource, operation: 'update', target: target.variant, principal, routeId: 'storage.updateFile',
        expected: () => fileRules.update(bucket, target, principal),
        send: (expected) => update(principal, expected, target, { name }),
        check: (reply) => (reply.json?.name === name ? [] : [`name ${reply.json?.name}`]),
        secrets: [target.marker],
      });
      cells.push({
        resource, operation: 'delete', target: target.variant, principal, routeId: 'storage.deleteFile',
        expected: () => fileRules.delete(bucket, target, principal),
        send: async (expected) => {
          const victim = expected.status < 300 ? await targets.file(bucket, variantOf(input, target)) : target;
          return http.send('DELETE', `${path}/${victim.id}`, { headers: principal.credentials('files.write') });
        },
        secrets: [target.marker],
      });
    }
    const { held, foreign } = splitProbes(principal, probes);
    if (held.length) {
      const granted = grantsOfRoles(held);
      cells.push({
        resource, operation: `upload granting the roles it holds (${held.length})`, principal, routeId: 'storage.createFile',
        expected: () => fileRules.create(bucket, principal, granted),
        send: () => upload(principal, granted),
        check: createdWith(granted),
      });
    }
    for (const role of foreign) {
      cells.push({
        resource, operation: `upload granting read("${role}")`, principal, routeId: 'storage.createFile',
        expected: () => fileRules.create(bucket, principal, [`read("${role}")`]),
        send: () => upload(principal, [`read("${role}")`]),
      });
    }
    const updatable = shared.find((target) => target.variant === 'only update("any")') ?? shared[0]!;
    const grantOnUpdate = [...(held.length ? [{ label: 'the roles it holds', permissions: grantsOfRoles(held) }] : []), ...foreign.slice(0, 1).map((role) => ({ label: `read("${role}")`, permissions: [`read("${role}")`] }))];
    for (const { label, permissions } of grantOnUpdate) {
      cells.push({
        resource, operation: `update granting ${label}`, target: updatable.variant, principal, routeId: 'storage.updateFile',
        expected: () => fileRules.update(bucket, updatable, principal, permissions),
        send: (expected) => update(principal, expected, updatable, { permissions }),
        check: createdWith(permissions),
        secrets: [updatable.marker],
      });
    }
  }
  return cells;
}
