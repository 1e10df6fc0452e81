/**
 * Vitest global set-up: with `TEST_STORAGE=s3`, one s3rver for the whole run, and every server that
 * startTestServer starts keeps its files there (each under a key prefix of its own; see s3-test-storage.ts).
 * `TEST_STORAGE=s3 npx vitest run apps/api/test/compat` runs the SDK suite on S3.
 */
import { startS3Server, type TestS3Server } from './s3-server.ts';
import { S3_ENV_VARIABLE } from './s3-test-storage.ts';

let server: TestS3Server | undefined;

export async function setup(): Promise<void> {
  if (process.env['TEST_STORAGE'] !== 's3') return;
  server = await startS3Server();
  // Test workers start after this and inherit it.
  process.env[S3_ENV_VARIABLE] = JSON.stringify(server.env);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
