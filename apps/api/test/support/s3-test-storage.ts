/** Where s3-global-setup.ts leaves the shared S3 server's settings for the test workers. */
export const S3_ENV_VARIABLE = 'BALLOT_TEST_S3_ENV';

/**
 * STORAGE_URL and credentials for one test server when the run uses S3 (`TEST_STORAGE=s3`), with a
 * key prefix of its own so servers running side by side never see each other's files; {} otherwise.
 */
export function testS3Env(serverName: string): Record<string, string> {
  const shared = process.env[S3_ENV_VARIABLE];
  if (!shared) return {};
  const env = JSON.parse(shared) as Record<string, string>;
  const url = new URL(env['STORAGE_URL']!);
  url.pathname = `/${serverName.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return { ...env, STORAGE_URL: url.toString() };
}
