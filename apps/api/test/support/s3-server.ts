/**
 * An S3-compatible server for tests: s3rver on a random port, its objects in a temporary folder,
 * with one bucket. Servers under test reach it through `env` (STORAGE_URL and the credentials it accepts).
 *
 * It runs in its own process because s3rver 3.7.1 makes its ListObjectsV2 continuation tokens with
 * DES, which Node 24's OpenSSL offers only under `--openssl-legacy-provider` (without it, any listing
 * longer than one page answers 500); a process of its own also keeps its work off the test's event loop.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const S3RVER_CHILD = fileURLToPath(new URL('./s3rver-child.ts', import.meta.url));

/** The key pair s3rver's one account accepts. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface TestS3Server {
  /** `s3://<bucket>?endpoint=…&region=…&forcePathStyle=true` */
  storageUrl: string;
  /** STORAGE_URL, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, for a server process's environment. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'ballot-s3-'));
  const bucket = 'ballot-atlas';
  const child = spawn(process.execPath, ['--openssl-legacy-provider', S3RVER_CHILD, directory, bucket], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (text: Buffer) => (stderr += text.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(() => reject(new Error(`s3rver exited before listening: ${stderr}`)));
  });
  const { port } = JSON.parse(firstLine) as { port: number };
  const storageUrl = `s3://${bucket}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1&forcePathStyle=true`;
  return {
    storageUrl,
    env: { STORAGE_URL: storageUrl, AWS_ACCESS_KEY_ID: ACCESS_KEY, AWS_SECRET_ACCESS_KEY: SECRET_KEY },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
