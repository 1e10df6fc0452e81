/** Where file bytes, chunks and previews live: the local disk (DATA_DIR), or an S3-compatible bucket. */
export type StorageTarget =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; keyPrefix: string; endpoint: string | undefined; region: string; forcePathStyle: boolean; credentials: S3Credentials | undefined };

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * Reads `s3://BUCKET[/key-prefix]?endpoint=URL&region=R&forcePathStyle=true`. Credentials are not
 * part of it: they come from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN) of the
 * same settings; without them the SDK looks in its other usual places (profile, instance role).
 */
export function parseStorageUrl(text: string | undefined, env: Record<string, string | undefined> = {}): { target: StorageTarget; problems: string[] } {
  if (!text) return { target: { kind: 'disk' }, problems: [] };
  const problems: string[] = [];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { target: { kind: 'disk' }, problems: ['not a URL: s3://BUCKET[/key-prefix]?endpoint=URL&region=R&forcePathStyle=true'] };
  }
  if (url.protocol !== 's3:') problems.push('must start with s3://');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`"${bucket}" is not an S3 bucket name`);
  if (url.username || url.password) problems.push('credentials do not belong in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  const keyPrefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) problems.push('endpoint must be an http:// or https:// URL');
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') problems.push('forcePathStyle must be true or false');
  const unknown = [...url.searchParams.keys()].filter((name) => !['endpoint', 'region', 'forcePathStyle'].includes(name));
  if (unknown.length) problems.push(`unknown parameter ${unknown.join(', ')} (endpoint, region, forcePathStyle)`);
  const accessKeyId = env['AWS_ACCESS_KEY_ID'];
  const secretAccessKey = env['AWS_SECRET_ACCESS_KEY'];
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all');
  const sessionToken = env['AWS_SESSION_TOKEN'];
  const credentials = accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined;
  return {
    target: { kind: 's3', bucket, keyPrefix, endpoint, region: url.searchParams.get('region') ?? 'us-east-1', forcePathStyle: forcePathStyle === 'true', credentials },
    problems,
  };
}
