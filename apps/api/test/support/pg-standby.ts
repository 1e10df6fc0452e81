/**
 * A real streaming standby for the replica tests: `pg_basebackup -R` of a primary into a temporary
 * directory, started with `pg_ctl` on a free port, replaying WAL `applyDelay` behind (so lag is
 * deterministic). The primary is the shared server on 127.0.0.1:5432 when its pg_hba.conf lets
 * replication connections in; otherwise (Debian's default pg_hba.conf does not) a throw-away
 * cluster of our own, made with `initdb`, which also lets a test restart the primary for real.
 * The shared server is never reconfigured or restarted. PostgreSQL refuses to run as root, so
 * as root every server command runs as the `postgres` user (`runuser`).
 */
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '@ballot-atlas/shared/node/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { POSTGRES_URL } from './test-server.ts';

const run = promisify(execFile);

export interface StandbyPair {
  /** `shared`: a standby of the shared server; `own`: of a primary this set-up started. */
  readonly primaryKind: 'shared' | 'own';
  readonly primaryUrl: string;
  readonly standbyUrl: string;
  /** Stops or starts a server of the pair (`pg_ctl -m fast`); only an `own` primary may be stopped. */
  stop(which: 'primary' | 'standby'): Promise<void>;
  start(which: 'primary' | 'standby'): Promise<void>;
  close(): Promise<void>;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((version) => existsSync(join(root, version, 'bin', 'pg_basebackup'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

async function waitUntil(what: string, test: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await test().catch(() => false)) return;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The standby pair, or why it cannot be had on this machine (the tests then skip with that notice). */
export async function startStandbyPair(options: { applyDelay: string }): Promise<StandbyPair | { unavailable: string }> {
  const bin = binDir();
  if (!bin) return { unavailable: 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin' };
  const asRoot = process.getuid?.() === 0;
  if (asRoot && !(await run('id', ['-u', 'postgres']).then(() => true, () => false))) return { unavailable: 'running as root and there is no postgres user to run a server as' };
  const tool = (name: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args));
  const base = mkdtempSync(join(tmpdir(), 'ballot-atlas-standby-'));
  if (asRoot) await run('chown', ['postgres:', base]);
  const dirs = { primary: join(base, 'primary'), standby: join(base, 'standby') };
  const running = new Set<'primary' | 'standby'>();
  const ctl = async (which: 'primary' | 'standby', action: 'start' | 'stop') => {
    await tool('pg_ctl', ['-D', dirs[which], '-l', join(base, `${which}.log`), '-w', '-t', '60', ...(action === 'stop' ? ['-m', 'fast'] : []), action]);
    if (action === 'start') running.add(which);
    else running.delete(which);
  };
  const serverSettings = (port: number) => `\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${base}'\n`;
  const close = async () => {
    for (const which of ['standby', 'primary'] as const) if (running.has(which)) await ctl(which, 'stop').catch(() => {});
    rmSync(base, { recursive: true, force: true });
  };
  try {
    const shared = new URL(POSTGRES_URL);
    let primaryKind: StandbyPair['primaryKind'] = 'shared';
    let primaryUrl = POSTGRES_URL;
    let source = { host: shared.hostname, port: shared.port || '5432' };
    const basebackup = () => tool('pg_basebackup', ['-h', source.host, '-p', source.port, '-U', 'postgres', '-D', dirs.standby, '-R', '-X', 'stream', '-c', 'fast']);
    try {
      await basebackup();
    } catch (error) {
      if (!/pg_hba\.conf/.test(String((error as { stderr?: string }).stderr))) throw error;
      rmSync(dirs.standby, { recursive: true, force: true });
      // The shared server does not let replication connections in: a primary of our own.
      primaryKind = 'own';
      const port = await freePort();
      await tool('initdb', ['-D', dirs.primary, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
      appendFileSync(dirs.primary + '/postgresql.conf', `${serverSettings(port)}wal_level = replica\nmax_wal_senders = 4\nfsync = off\nshared_buffers = 32MB\n`);
      await ctl('primary', 'start');
      primaryUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
      source = { host: '127.0.0.1', port: String(port) };
      await basebackup();
    }
    const standbyPort = await freePort();
    appendFileSync(dirs.standby + '/postgresql.conf', `${serverSettings(standbyPort)}hot_standby = on\nrecovery_min_apply_delay = '${options.applyDelay}'\n`);
    await ctl('standby', 'start');
    const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${new URL(primaryUrl).pathname.slice(1)}`;
    await waitUntil('the standby to stream from its primary', async () => {
      const client = new pg.Client({ connectionString: standbyUrl });
      await client.connect();
      try {
        const { rows } = await client.query(`select pg_is_in_recovery() as recovering, (select status from pg_stat_wal_receiver) as status`);
        return rows[0].recovering === true && rows[0].status === 'streaming';
      } finally {
        await client.end();
      }
    });
    return {
      primaryKind,
      primaryUrl,
      standbyUrl,
      stop: async (which) => {
        if (which === 'primary' && primaryKind === 'shared') throw new Error('the shared PostgreSQL is never stopped');
        await ctl(which, 'stop');
      },
      start: (which) => ctl(which, 'start'),
      close,
    };
  } catch (error) {
    await close();
    const stderr = (error as { stderr?: string }).stderr;
    return { unavailable: `the standby could not be started: ${(stderr || (error as Error).message).trim().split('\n').slice(-3).join(' ')}` };
  }
}
