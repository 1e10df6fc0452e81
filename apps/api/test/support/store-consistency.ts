/**
 * Reads a server's data behind its back (database rows and the file store on disk) and lists
 * what is half there: file rows stuck mid-way, bytes without a row or a row without its bytes,
 * chunk sets and chunk records nobody owns, scratch files left by a dead process, memberships
 * without their team or user, accounts without their e-mail target.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { connectDatabase } from '../../src/db/connect.ts';
import { collectionTables } from '../../src/db/physical-names.ts';
import { loadProjectSchema } from '../../src/schema/project-schema.ts';
import { FILES_DATABASE } from '../../src/services/storage/file-collections.ts';
import { membershipsCollection, teamsCollection } from '../../src/services/teams/team-collections.ts';
import { POSTGRES_URL, type Engine } from './test-server.ts';

export interface StoreLocation {
  engine: Engine;
  dataDir: string;
  pgSchema: string;
  schemaFile: string;
}

/** The area whose code leaves the problem behind. */
export type ProblemArea = 'storage' | 'teams' | 'accounts';

export interface StoreProblem {
  area: ProblemArea;
  problem: string;
}

function entries(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string, prefix = ''): string[] {
  return entries(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

async function fileProblems(db: Kysely<any>, dataDir: string, bucketIds: readonly string[]): Promise<StoreProblem[]> {
  const problems: string[] = [];
  const storage = join(dataDir, 'storage');
  const ledger = await db.selectFrom('_storage_chunks').select(['bucket_id', 'file_id', 'chunk_index']).execute();
  for (const bucketId of bucketIds) {
    const table = collectionTables({ $id: bucketId, databaseId: FILES_DATABASE }).documents;
    const rows = await db.selectFrom(table).select(['_uid', 'status', 'sizeActual']).execute();
    const byId = new Map(rows.map((row) => [row._uid as string, row]));
    for (const row of rows) {
      if (row.status !== 'complete' && row.status !== 'uploading') problems.push(`file ${bucketId}/${row._uid} is left "${row.status}"`);
      if (row.status !== 'complete') continue;
      const path = join(storage, 'files', bucketId, row._uid);
      if (!existsSync(path)) problems.push(`file ${bucketId}/${row._uid} is complete but its bytes are missing`);
      else if (statSync(path).size !== Number(row.sizeActual)) problems.push(`file ${bucketId}/${row._uid} holds ${statSync(path).size} bytes, its row says ${row.sizeActual}`);
    }
    for (const name of entries(join(storage, 'files', bucketId))) {
      if (byId.get(name)?.status !== 'complete') problems.push(`bytes ${bucketId}/${name} have no complete file row (${byId.get(name)?.status ?? 'no row'})`);
    }
    for (const name of entries(join(storage, 'chunks', bucketId))) {
      if (byId.get(name)?.status !== 'uploading') problems.push(`chunk set ${bucketId}/${name} belongs to no upload in progress (${byId.get(name)?.status ?? 'no row'})`);
    }
    for (const record of ledger.filter((entry) => entry.bucket_id === bucketId)) {
      const owner = byId.get(record.file_id)?.status;
      if (owner !== 'uploading') problems.push(`chunk record ${bucketId}/${record.file_id}#${record.chunk_index} belongs to no upload in progress (${owner ?? 'no row'})`);
      else if (!existsSync(join(storage, 'chunks', bucketId, record.file_id, String(record.chunk_index)))) problems.push(`chunk ${bucketId}/${record.file_id}#${record.chunk_index} is recorded but missing`);
    }
  }
  for (const path of filesUnder(join(dataDir, 'tmp'))) problems.push(`scratch file tmp/${path} was left behind`);
  return problems.map((problem) => ({ area: 'storage', problem }));
}

async function teamProblems(db: Kysely<any>): Promise<StoreProblem[]> {
  const teams = collectionTables(teamsCollection).documents;
  const memberships = collectionTables(membershipsCollection).documents;
  const problems: StoreProblem[] = [];
  const orphans = await db
    .selectFrom(`${memberships} as m`)
    .leftJoin(`${teams} as t`, 't._uid', 'm.teamId')
    .leftJoin('_auth_users as u', 'u.id', 'm.userId')
    .select(['m._uid as membership', 'm.teamId as teamId', 'm.userId as userId', 't._uid as team', 'u.id as user'])
    .where((eb) => eb.or([eb('t._uid', 'is', null), eb('u.id', 'is', null)]))
    .execute();
  for (const orphan of orphans) {
    problems.push({ area: 'teams', problem: `membership ${orphan.membership} lacks its ${orphan.team === null ? `team ${orphan.teamId}` : `user ${orphan.userId}`}` });
  }
  return problems;
}

async function accountProblems(db: Kysely<any>): Promise<StoreProblem[]> {
  const untargeted = await db
    .selectFrom('_auth_users as u')
    .select(['u.id', 'u.email'])
    .where('u.email', 'is not', null)
    .where('u.password_hash', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('_auth_targets as t').select('t.id').whereRef('t.user_id', '=', 'u.id').where('t.provider_type', '=', 'email'))))
    .execute();
  return untargeted.map((user) => ({ area: 'accounts', problem: `account ${user.id} has no e-mail target for ${user.email}` }));
}

export interface StoreReader {
  /** Everything half there; the server may be running (nothing is written). */
  problems(): Promise<StoreProblem[]>;
  /** For each e-mail: whether an account uses it, and whether that account is in the team. */
  invitees(teamId: string, emails: readonly string[]): Promise<Map<string, { user: boolean; membership: boolean }>>;
  close(): Promise<void>;
}

/** Opens the database at `location` beside whatever server uses it. */
export async function openStore(location: StoreLocation): Promise<StoreReader> {
  const schema = loadProjectSchema(location.schemaFile);
  const dialect = await connectDatabase({
    dataDir: location.dataDir,
    databaseUrl: location.engine === 'postgres' ? POSTGRES_URL : undefined,
    databaseSchema: location.pgSchema,
  });
  const db = dialect.db;
  return {
    async problems() {
      return [
        ...(await fileProblems(db, location.dataDir, schema.buckets.map((bucket) => bucket.$id))),
        ...(await teamProblems(db)),
        ...(await accountProblems(db)),
      ];
    },
    async invitees(teamId, emails) {
      const found = new Map(emails.map((email) => [email, { user: false, membership: false }]));
      if (emails.length === 0) return found;
      const memberships = collectionTables(membershipsCollection).documents;
      const rows = await db
        .selectFrom('_auth_users as u')
        .leftJoin(`${memberships} as m`, (join) => join.onRef('m.userId', '=', 'u.id').on('m.teamId', '=', teamId))
        .select(['u.email as email', 'm._uid as membership'])
        .where('u.email', 'in', [...emails])
        .execute();
      for (const row of rows) found.set(row.email, { user: true, membership: row.membership !== null });
      return found;
    },
    close: () => dialect.close(),
  };
}

/** Everything half there in the store at `location`. */
export async function storeProblems(location: StoreLocation): Promise<StoreProblem[]> {
  const store = await openStore(location);
  try {
    return await store.problems();
  } finally {
    await store.close();
  }
}
