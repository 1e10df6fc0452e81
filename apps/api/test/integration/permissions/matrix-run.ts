/**
 * One server for the matrix: the declared project's schema, SEED none, abuse limits off, the
 * scoped keys; its principals and its shared targets, and the cells of each kind of resource.
 */
import { startTestServer, TEST_API_KEY, type Engine, type TestServer } from '../../support/test-server.ts';
import type { DeclaredProject } from './declared-project.ts';
import { routeScope, runCells, type Cell, type CellContext, type MatrixResult } from './matrix-cells.ts';
import { targetVariants, type TargetVariant } from './matrix-fixtures.ts';
import { MatrixHttp } from './matrix-http.ts';
import { documentsPath, filesPath, MatrixTargets, type CreatedTarget } from './matrix-targets.ts';
import { principalNamed, scopedKeysFor, setUpPrincipals, type Principal } from './principals.ts';
import { bucketCells, collectionCells, type ResourceCellInput } from './resource-cells.ts';
import { TeamFixture, teamCells } from './team-cells.ts';
import { subscribeRoute, SUBSCRIBE_ROUTE, topicCells } from './topic-cells.ts';

/** The routes the matrix reaches; their scopes are the ones the scoped keys hold or lack. */
const MATRIX_ROUTES = [
  'databases.listDocuments', 'databases.createDocument', 'databases.getDocument', 'databases.updateDocument', 'databases.deleteDocument',
  'storage.listFiles', 'storage.createFile', 'storage.getFile', 'storage.updateFile', 'storage.deleteFile', 'storage.getFileView',
  'storage.getFileDownload', 'storage.getFilePreview',
  'teams.list', 'teams.get', 'teams.updateName', 'teams.delete', 'teams.getPrefs', 'teams.updatePrefs', 'teams.listMemberships',
  'teams.getMembership', 'teams.createMembership', 'teams.updateMembership', 'teams.deleteMembership',
];

function matrixScopes(): string[] {
  const ids = subscribeRoute() ? [...MATRIX_ROUTES, SUBSCRIBE_ROUTE] : MATRIX_ROUTES;
  return [...new Set(ids.map(routeScope))].sort();
}

/** Cells that only read or change their own fresh targets run this many at a time. */
const CONCURRENCY = 8;

export interface MatrixRun {
  engine: Engine;
  project: DeclaredProject;
  server: TestServer;
  http: MatrixHttp;
  principals: Principal[];
  context: CellContext;
  targets: MatrixTargets;
  shared: Map<string, CreatedTarget[]>;
  collectionCells(): Cell[];
  bucketCells(): Cell[];
  teamCells(): Promise<Cell[]>;
  topicCells(): Cell[];
  run(cells: readonly Cell[], concurrency?: number): Promise<MatrixResult>;
  /** Problems with shared targets afterwards: every one still there, unchanged. */
  sharedTargetsChanged(): Promise<string[]>;
  close(): Promise<void>;
}

function grantProbes(principals: readonly Principal[], teamIds: readonly string[]): string[] {
  const user = principalNamed(principals, 'user').user!;
  const owner = principalNamed(principals, 'editor owner');
  return [...new Set([
    'any', 'guests', 'users', 'users/verified', 'users/unverified', `user:${user.id}`, `user:${user.id}/verified`,
    ...teamIds.flatMap((teamId) => [`team:${teamId}`, `team:${teamId}/owner`]),
    ...owner.memberships.map((membership) => `member:${membership.membershipId}`),
  ])];
}

export async function startMatrix(engine: Engine, project: DeclaredProject): Promise<MatrixRun> {
  const keys = scopedKeysFor(matrixScopes());
  const server = await startTestServer({
    engine,
    schemaFile: project.file,
    env: { PROJECT_ID: project.projectId, SEED: 'none', ABUSE_LIMITS: 'disabled', API_KEYS: keys.env },
  });
  try {
    const http = new MatrixHttp(server.endpoint, project.projectId);
    const teamIds = project.teams.map((team) => team.id);
    const principals = await setUpPrincipals({ http, dataDir: server.dataDir, apiKey: TEST_API_KEY, keys, teamIds });
    const targets = new MatrixTargets(http, TEST_API_KEY, { userId: principalNamed(principals, 'user').user!.id, teamIds });
    const variants: TargetVariant[] = targetVariants(teamIds);
    const shared = new Map<string, CreatedTarget[]>();
    await Promise.all([
      ...project.collections.map(async (collection) => shared.set(documentsPath(collection), await Promise.all(variants.map((variant) => targets.document(collection, variant))))),
      ...project.buckets.map(async (bucket) => shared.set(filesPath(bucket), await Promise.all(variants.map((variant) => targets.file(bucket, variant))))),
    ]);
    const probes = grantProbes(principals, teamIds);
    const input = (path: string): ResourceCellInput => ({ http, principals, targets, shared: shared.get(path)!, variants, probes });
    const context: CellContext = { projectId: project.projectId, host: new URL(server.url).hostname };
    return {
      engine, project, server, http, principals, context, targets, shared,
      collectionCells: () => project.collections.flatMap((collection) => collectionCells(collection, input(documentsPath(collection)))),
      bucketCells: () => project.buckets.flatMap((bucket) => bucketCells(bucket, input(filesPath(bucket)))),
      async teamCells() {
        const cells: Cell[] = [];
        for (const team of project.teams) {
          const fixture = new TeamFixture(http, TEST_API_KEY, team, principals);
          await fixture.setUp();
          cells.push(...teamCells(fixture, principals, http));
        }
        return cells;
      },
      topicCells: () => topicCells(project.topics, principals, http),
      run: (cells, concurrency = CONCURRENCY) => runCells(cells, context, concurrency),
      async sharedTargetsChanged() {
        const problems: string[] = [];
        for (const [path, list] of shared) problems.push(...(await targets.changedSince(path, list)));
        return problems;
      },
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
