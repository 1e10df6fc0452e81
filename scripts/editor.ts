/**
 * `npm run editor -- --email X [--role owner|editor] [--team editors]`: the operator makes an
 * existing account a confirmed member of a team with exactly that role — how an installation
 * gets its first owner, who then invites everyone else from the editors' console.
 */
import { parseArgs } from 'node:util';
import { createApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { AppwriteError } from '../apps/api/src/core/errors.ts';
import { grantTeamRole } from '../apps/api/src/services/teams/operator-membership.ts';

const usage = 'Usage: npm run editor -- --email you@example.org [--role owner|editor] [--team editors]';
const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'editor' }, team: { type: 'string', default: 'editors' } } });
if (!values.email || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/.test(values.role!)) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'warn', SEED: 'none' });
const app = await createApp(config);
try {
  const outcome = await grantTeamRole(app.services, { email: values.email, teamId: values.team!, role: values.role! });
  const said = { added: 'is now a member of', updated: 'now has a new role in', unchanged: 'already had this role in' }[outcome.kind];
  console.log(`${values.email} ${said} team "${values.team}" with role ${outcome.roles.join(', ')}. Signed-in sessions pick it up on their next request.`);
} catch (error) {
  if (!(error instanceof AppwriteError)) throw error;
  console.error(error.type === 'team_not_found' ? `No team "${values.team}" is declared in ${config.schemaFile}.` : error.message);
  process.exitCode = 1;
} finally {
  await app.close();
}
