/**
 * The files under deploy/ are what an operator copies, so they are checked as they are: the
 * environment example is a configuration the server accepts, the systemd unit passes
 * `systemd-analyze verify`, and the nginx site passes `nginx -t` (its behaviour is tested end to
 * end in three-processes.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { renderSiteConfig } from './support/nginx-proxy.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const DEPLOY = join(REPO_ROOT, 'deploy');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const NGINX = '/usr/sbin/nginx';

function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

describe('deploy/', () => {
  it('ballot-atlas.env.example is a configuration the server accepts, with the scale-out settings filled in', () => {
    const env = parseEnvFile(readFileSync(join(DEPLOY, 'ballot-atlas.env.example'), 'utf8'));
    const config = loadConfig({ ...env, PORT: '3001', DATA_DIR: join(tmpdir(), 'ballot-env-example-unused'), SCHEMA_FILE: join(REPO_ROOT, 'appwrite.json') });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.redisUrl).toMatch(/^redis:\/\//);
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'ballot-atlas-files', region: 'eu-west-1' });
    expect(config.trustProxy).toBe('127.0.0.1');
    expect(config.workers).toBe(1);
    expect(config.siteUrl).toBe('https://atlas.example.org');
  });

  it.skipIf(!existsSync(SYSTEMD_ANALYZE))('the systemd unit passes systemd-analyze verify', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ballot-unit-'));
    try {
      // An instance of the template, pointed at this checkout so its ExecStart exists.
      const unit = join(dir, 'ballot-atlas@3001.service');
      writeFileSync(unit, readFileSync(join(DEPLOY, 'systemd', 'ballot-atlas@.service'), 'utf8').replaceAll('/srv/ballot-atlas', REPO_ROOT.replace(/\/$/, '')));
      const verified = spawnSync(SYSTEMD_ANALYZE, ['verify', unit], { encoding: 'utf8' });
      expect(verified.stderr + verified.stdout).toBe('');
      expect(verified.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!existsSync(NGINX))('the nginx site passes nginx -t inside Debian’s nginx.conf layout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ballot-nginx-t-'));
    try {
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
      mkdirSync(join(dir, 'extras'));
      const site = renderSiteConfig(readFileSync(join(DEPLOY, 'nginx', 'ballot-atlas.conf'), 'utf8'), { upstreamPorts: [3001, 3002, 3003], httpPort: 8080, httpsPort: 8443, certificate: join(dir, 'cert.pem'), key: join(dir, 'key.pem'), assetsRoot: dir, extrasDir: join(dir, 'extras') });
      writeFileSync(join(dir, 'site.conf'), site);
      writeFileSync(join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\ninclude /etc/nginx/modules-enabled/*.conf;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  include ${dir}/site.conf;\n}\n`);
      const tested = spawnSync(NGINX, ['-t', '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(tested.status, tested.stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
