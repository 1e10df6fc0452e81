/**
 * The secrets audit that `npm test` runs over its servers' logs: each rule finds its kind of
 * secret, and the lines a server really writes (access log, outage, refusals) pass. The second
 * part logs a real server at debug level through sign-up, sign-in, JWT, password change and a
 * refused key, and audits what it wrote.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditLogDir, auditLogLines } from '../../support/log-audit.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';

const rulesOf = (line: string, secrets: string[] = []) => auditLogLines([line], secrets).map((finding) => finding.rule);

describe('the log audit', () => {
  it('finds each kind of secret', () => {
    expect(rulesOf('{"msg":"x","hash":"$argon2id$v=19$m=19456,t=2,p=1$abc$def"}')).toEqual(['password hash']);
    expect(rulesOf('{"token":"eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOiJ4In0.c2lnbmF0dXJlLXZhbHVl"}')).toEqual(['JWT']);
    expect(rulesOf('{"req":{"headers":{"cookie":"a_session_test-project=abcdef0123456789"}}}')).toContain('session cookie value');
    expect(rulesOf('{"headers":{"x-appwrite-key":"standard_0123"}}')).toEqual(['credential header value']);
    expect(rulesOf('{"body":{"email":"a@b.c","password":"hunter2hunter2"}}')).toEqual(['secret-bearing field']);
    expect(rulesOf('{"msg":"connect to postgres://app:s3cret@db:5432/x failed"}')).toEqual(['credential in a URL']);
    expect(rulesOf('-----BEGIN PRIVATE KEY-----')).toEqual(['private key']);
    expect(rulesOf('{"err":{"processID":4242,"secretKey":99}}')).toEqual(['database driver object']);
    expect(rulesOf(`{"msg":"key ${TEST_API_KEY}"}`, [TEST_API_KEY])).toEqual(['known secret']);
  });

  it('lets what a server really logs pass', () => {
    const lines = [
      '{"level":30,"time":1,"reqId":"r1","req":{"method":"POST","route":"/v1/account/sessions/email"},"res":{"statusCode":401},"type":"user_invalid_credentials","responseTime":12,"msg":"request"}',
      '{"level":30,"headers":{"cookie":"[Redacted]","x-appwrite-key":"[Redacted]"},"msg":"request"}',
      '{"level":50,"err":{"type":"general_service_unavailable","message":"The database is unavailable at the moment."},"msg":"database unavailable"}',
      '{"level":30,"msg":"mail written to outbox","kind":"recovery","to":"someone@example.org"}',
      '{"level":30,"msg":"connecting to postgres://postgres@127.0.0.1:5432/test"}',
    ];
    expect(auditLogLines(lines, [TEST_API_KEY])).toEqual([]);
  });

  it('audits a directory of logs with the secrets recorded beside them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'log-audit-'));
    try {
      writeFileSync(join(dir, 'secrets-1-1.txt'), 'recorded-key-0123456789abcdef\n');
      writeFileSync(join(dir, 'server-1-1.log'), '{"msg":"fine"}\n{"msg":"oops recorded-key-0123456789abcdef"}\n');
      const report = auditLogDir(dir);
      expect(report).toEqual({ files: 1, lines: 2, findings: [{ file: 'server-1-1.log', line: 2, rule: 'known secret' }] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a real server at debug level through the account flows [sqlite]', () => {
  it('writes no secret into its log', async () => {
    const lines: string[] = [];
    const server = await startTestServer({ env: { LOG_LEVEL: 'debug' }, appOptions: { logStream: { write: (line) => void lines.push(line) } } });
    try {
      const headers = { 'X-Appwrite-Project': TEST_PROJECT, 'Content-Type': 'application/json' };
      const email = `audit-${Date.now()}@example.org`;
      const password = 'audit-password-0123456789';
      const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
        fetch(`${server.endpoint}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      expect((await post('/account', { userId: 'unique()', email, password })).status).toBe(201);
      const session = await post('/account/sessions/email', { email, password });
      expect(session.status).toBe(201);
      const cookie = session.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const jwt = (await (await post('/account/jwts', {}, { Cookie: cookie })).json()) as { jwt: string };
      const changed = await fetch(`${server.endpoint}/account/password`, { method: 'PATCH', headers: { ...headers, 'X-Appwrite-JWT': jwt.jwt }, body: JSON.stringify({ password: `${password}-new`, oldPassword: password }) });
      expect(changed.status).toBe(200);
      expect((await post('/account/sessions/email', { email, password: 'wrong-password-0123' })).status).toBe(401);
      expect((await fetch(`${server.endpoint}/health`, { headers: { ...headers, 'X-Appwrite-Key': `${TEST_API_KEY}-forged` } })).status).toBe(401);
      const secrets = [TEST_API_KEY, password, `${password}-new`, jwt.jwt, decodeURIComponent(cookie.split('=')[1]!)];
      expect(lines.length).toBeGreaterThan(5);
      expect(auditLogLines(lines.join('').split('\n').filter(Boolean), secrets)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
