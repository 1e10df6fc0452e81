// `npm run editor`: the operator bootstraps an installation's first owner while the server runs,
// and the owner's next request carries the team's roles (no restart, no new sign-in).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fails, ok, signIn, signUp } from '../../support/account-http.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import { newTestStorage, POSTGRES_URL, removeTestData, startTestServer, TEST_SCHEMA, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const REPO = new URL('../../../../../', import.meta.url).pathname;

/** The test schema plus an `editors` team and a collection only its members may write. */
function schemaWithEditors(dataDir: string): string {
  const schema = JSON.parse(readFileSync(TEST_SCHEMA, 'utf8'));
  schema.teams = [{ $id: 'editors', name: 'Editors' }];
  schema.collections.push({
    $id: 'notes', databaseId: schema.collections[0].databaseId, name: 'Notes',
    $permissions: ['read("any")', 'create("team:editors/editor")', 'create("team:editors/owner")'],
    attributes: [{ key: 'text', type: 'string', size: 100, required: true }], indexes: [],
  });
  const file = join(dataDir, 'schema-with-editors.json');
  writeFileSync(file, JSON.stringify(schema));
  return file;
}

describeEachEngine('npm run editor', (engine) => {
  const storage = newTestStorage();
  let server: TestServer | undefined;
  let schemaFile = '';
  beforeAll(async () => {
    schemaFile = schemaWithEditors(storage.dataDir);
    server = await startTestServer({ engine, ...storage, schemaFile, keepData: true, env: { ABUSE_LIMITS: 'disabled' } });
  });
  afterAll(async () => {
    await server?.close();
    await removeTestData(engine, storage);
  });

  function runEditor(...args: string[]) {
    const env = {
      ...process.env, DATA_DIR: storage.dataDir, SCHEMA_FILE: schemaFile, PROJECT_ID: TEST_PROJECT, LOG_LEVEL: 'silent',
      ...(engine === 'postgres' ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: storage.pgSchema } : { DATABASE_URL: '' }),
    };
    const result = spawnSync(process.execPath, ['scripts/editor.ts', ...args], { cwd: REPO, env, encoding: 'utf8' });
    return { code: result.status, out: result.stdout + result.stderr };
  }

  it('makes an existing account the owner; its next request may write what editors write', async () => {
    const user = await signUp(server!, 'operatorowner');
    const { token } = await signIn(server!, user);
    const note = { documentId: 'unique()', data: { text: 'first' } };
    await fails(server!, 'POST', '/databases/main/collections/notes/documents', { code: 401, type: 'user_unauthorized' }, { session: token, body: note });

    const added = runEditor('--email', user.email.toUpperCase(), '--role', 'owner');
    expect(added.code, added.out).toBe(0);
    expect(added.out).toContain('is now a member of team "editors" with role owner');

    const teams = await ok(server!, 'GET', '/teams', { session: token });
    expect(teams.teams.map((team: { $id: string; total: number }) => [team.$id, team.total])).toEqual([['editors', 1]]);
    await ok(server!, 'POST', '/databases/main/collections/notes/documents', { session: token, body: note });

    expect(runEditor('--email', user.email, '--role', 'owner').out).toContain('already had this role');
    const changed = runEditor('--email', user.email, '--role', 'editor');
    expect(changed.code, changed.out).toBe(0);
    expect(changed.out).toContain('now has a new role');
    const [membership] = (await ok(server!, 'GET', '/teams/editors/memberships', { session: token })).memberships;
    expect(membership).toMatchObject({ userId: user.id, roles: ['editor'], confirm: true });
  });

  it('refuses an address nobody signed up with, a team nobody declared, and a bad role — changing nothing', async () => {
    const unknown = runEditor('--email', 'nobody-here@example.com', '--role', 'owner');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account uses nobody-here@example.com');
    const user = await signUp(server!, 'operatorbadteam');
    const badTeam = runEditor('--email', user.email, '--team', 'nosuchteam');
    expect(badTeam.code).toBe(1);
    expect(badTeam.out).toContain('No team "nosuchteam"');
    expect(runEditor('--email', user.email, '--role', 'not a role').code).toBe(2);
    const { token } = await signIn(server!, user);
    expect((await ok(server!, 'GET', '/teams', { session: token })).total).toBe(0);
  });
});
