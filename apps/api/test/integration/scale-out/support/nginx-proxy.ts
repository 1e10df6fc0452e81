/**
 * nginx from Debian (installed with apt when missing) in front of the test's server processes,
 * configured by deploy/nginx/ballot-atlas.conf itself: the test only puts in its ports, a
 * throw-away self-signed certificate and its own folders, and checks each substitution hit, so
 * the shipped file is what runs. Every line of it that matters stays as written.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianTool } from '../../../support/debian-tool.ts';

const DEPLOY_NGINX = fileURLToPath(new URL('../../../../../../deploy/nginx/', import.meta.url));
/** brotli.conf needs both: the filter compresses responses, the static module sends the build's .br copies. */
const BROTLI_MODULES = ['/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'];
/** nginx connects to the servers from this address, which is all TRUST_PROXY names: a client on 127.0.0.1 is not the proxy. */
export const PROXY_SOURCE_ADDRESS = '127.0.0.2';

/** The nginx binary, installed (with the brotli modules) when missing and we may; undefined otherwise. */
export function nginxBinary(): string | undefined {
  return ensureDebianTool('nginx', 'nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static', '/usr/sbin');
}

export interface NginxOptions {
  upstreamPorts: readonly number[];
  /** The folder served at /assets/ (a web build's client folder). */
  assetsRoot: string;
}

export interface NginxProxy {
  httpsPort: number;
  httpPort: number;
  /** https://127.0.0.1:PORT */
  origin: string;
  /** PEM of the self-signed certificate, for clients to trust. */
  ca: string;
  brotli: boolean;
  /** The configuration as rendered, for failure messages. */
  config: string;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const matches = text.match(new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`));
  if (!matches || matches.length === 0) throw new Error(`deploy/nginx/ballot-atlas.conf no longer has ${pattern}`);
  return text.replace(pattern, replacement);
}

/** deploy/nginx/ballot-atlas.conf with this machine's ports and paths. */
export function renderSiteConfig(template: string, paths: { upstreamPorts: readonly number[]; httpPort: number; httpsPort: number; certificate: string; key: string; assetsRoot: string; extrasDir: string }): string {
  let config = template;
  const servers = paths.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  config = replaceOnce(config, /^( {4}server 127\.0\.0\.1:\d+ max_fails=3 fail_timeout=10s;\n)+/m, `${servers}\n`);
  config = replaceOnce(config, /^ {4}listen \[::\]:(80|443)[^\n]*\n/gm, '');
  config = replaceOnce(config, /^ {4}listen 80;/m, `    listen 127.0.0.1:${paths.httpPort};`);
  config = replaceOnce(config, /^ {4}listen 443 ssl http2;/m, `    listen 127.0.0.1:${paths.httpsPort} ssl http2;`);
  config = replaceOnce(config, /ssl_certificate +\S+;/, `ssl_certificate ${paths.certificate};`);
  config = replaceOnce(config, /ssl_certificate_key +\S+;/, `ssl_certificate_key ${paths.key};`);
  config = replaceOnce(config, /root \/srv\/ballot-atlas\/apps\/web\/build\/client;/, `root ${paths.assetsRoot};`);
  config = replaceOnce(config, /include \/etc\/nginx\/ballot-atlas\.d\/\*\.conf;/, `include ${paths.extrasDir}/*.conf;`);
  // Test only: on one machine the servers tell nginx from a direct client by its source address.
  config = replaceOnce(config, /^( {4}proxy_http_version 1\.1;)$/m, `$1\n    proxy_bind ${PROXY_SOURCE_ADDRESS};`);
  return config;
}

function mainConfig(dir: string): string {
  return `user root;
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
include /etc/nginx/modules-enabled/*.conf;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/ballot-atlas.conf;
}
`;
}

function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', certificate], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl req failed: ${made.stderr}`);
  return { certificate, key };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function startNginx(binary: string, options: NginxOptions & { httpPort: number; httpsPort: number }): Promise<NginxProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'ballot-nginx-'));
  const extrasDir = join(dir, 'extras');
  await mkdir(extrasDir);
  const brotli = BROTLI_MODULES.every((module) => existsSync(module));
  if (brotli) await copyFile(join(DEPLOY_NGINX, 'brotli.conf'), join(extrasDir, 'brotli.conf'));
  const { certificate, key } = selfSignedCertificate(dir);
  const config = renderSiteConfig(await readFile(join(DEPLOY_NGINX, 'ballot-atlas.conf'), 'utf8'), { ...options, certificate, key, extrasDir });
  await writeFile(join(dir, 'ballot-atlas.conf'), config);
  const main = join(dir, 'nginx.conf');
  await writeFile(main, mainConfig(dir));
  const checked = spawnSync(binary, ['-t', '-q', '-e', join(dir, 'error.log'), '-c', main], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx -t refused the rendered configuration:\n${checked.stderr}\n${config}`);
  const child: ChildProcess = spawn(binary, ['-e', join(dir, 'error.log'), '-c', main], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await listening(options.httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    httpsPort: options.httpsPort,
    httpPort: options.httpPort,
    origin: `https://127.0.0.1:${options.httpsPort}`,
    ca: await readFile(certificate, 'utf8'),
    brotli,
    config,
    errorLog: () => readFile(join(dir, 'error.log'), 'utf8').catch(() => ''),
    async stop() {
      // SIGQUIT: graceful (workers finish their requests); the master exits when they have.
      if (child.exitCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
