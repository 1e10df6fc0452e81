// The README's "SDK 28 coverage" tables and the server's not-implemented list are generated
// (npm run sdk-surface -- --write); this re-runs the extraction and fails when either is stale.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_IMPLEMENTED_FILE } from '../../src/http/not-implemented.ts';
import { nodeSdkEndpoints, webSdkEndpoints } from '../../../../scripts/sdk-surface/extract.ts';
import { buildSurfaceReport, README_END, README_START } from '../../../../scripts/sdk-surface/report.ts';

const REGENERATE = 'out of date: run `npm run sdk-surface -- --write`';

function readmeSection(): string {
  const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
  return readme.slice(readme.indexOf(README_START) + README_START.length, readme.indexOf(README_END)).trim();
}

describe('SDK surface', () => {
  const report = buildSurfaceReport();

  it('reads each SDK method with the verb and path it calls, URL builders as GET', () => {
    const web = webSdkEndpoints('appwrite28');
    const find = (service: string, method: string) => web.find((endpoint) => endpoint.service === service && endpoint.method === method);
    expect(find('account', 'createEmailPasswordSession')).toEqual({ service: 'account', method: 'createEmailPasswordSession', http: 'POST', path: '/account/sessions/email' });
    expect(find('storage', 'createFile')).toMatchObject({ http: 'POST', path: '/storage/buckets/{bucketId}/files' });
    expect(find('storage', 'getFilePreview')).toMatchObject({ http: 'GET', path: '/storage/buckets/{bucketId}/files/{fileId}/preview' });
    expect(find('account', 'createOAuth2Session')).toMatchObject({ http: 'GET', path: '/account/sessions/oauth2/{provider}' });
    expect(find('account', 'deleteSession')).toMatchObject({ http: 'DELETE', path: '/account/sessions/{sessionId}' });
    const server = nodeSdkEndpoints('node-appwrite');
    expect(server.find((endpoint) => endpoint.service === 'users' && endpoint.method === 'create')).toEqual({ service: 'users', method: 'create', http: 'POST', path: '/users' });
    expect(web.length).toBeGreaterThan(150);
    expect(server.length).toBeGreaterThan(500);
  });

  it('the README tables match the SDKs and the route registry', () => {
    expect(readmeSection(), REGENERATE).toBe(report.markdown.trim());
  });

  it('the server\'s not-implemented list matches', () => {
    expect(JSON.parse(readFileSync(NOT_IMPLEMENTED_FILE, 'utf8')), REGENERATE).toEqual(report.notImplemented);
  });
});
