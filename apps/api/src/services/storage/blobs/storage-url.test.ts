import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import { parseStorageUrl } from './storage-url.ts';

describe('STORAGE_URL', () => {
  it('is the disk when unset', () => {
    expect(parseStorageUrl(undefined)).toEqual({ target: { kind: 'disk' }, problems: [] });
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
  });

  it('names a bucket, a key prefix, an endpoint, a region and the path style; credentials come from AWS_*', () => {
    const url = 's3://ballots/site/files/?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=eu-west-3&forcePathStyle=true';
    expect(parseStorageUrl(url, { AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' })).toEqual({
      target: { kind: 's3', bucket: 'ballots', keyPrefix: 'site/files', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } },
      problems: [],
    });
    expect(parseStorageUrl('s3://ballots').target).toEqual({ kind: 's3', bucket: 'ballots', keyPrefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false, credentials: undefined });
  });

  it('stops start-up with a message naming what is wrong', () => {
    const cases: [string, RegExp][] = [
      ['http://bucket', /must be an s3:\/\//],
      ['s3://B_ad', /not an S3 bucket name/],
      ['s3://key:secret@bucket', /credentials do not belong in the URL/],
      ['s3://bucket?endpoint=minio:9000', /endpoint must be an http/],
      ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
      ['s3://bucket?pathStyle=true', /unknown parameter pathStyle/],
    ];
    for (const [url, message] of cases) {
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(ConfigError);
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(message);
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'id' })).toThrow(/set together/);
  });
});
