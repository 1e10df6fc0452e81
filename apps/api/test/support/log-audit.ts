/**
 * The secrets audit of a whole `npm test` run (issue 11 item 4): reads every log file the test
 * servers wrote into SUITE_LOG_DIR (support/suite-log.ts) and reports each line that carries a
 * secret — a known key verbatim, a password hash, a JWT, a session cookie's value, a credential
 * in a URL, a private key, or a database driver's object dump. A finding shows where it is and
 * which rule matched, never the secret itself.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_API_KEY } from './test-server.ts';

interface Rule {
  name: string;
  pattern: RegExp;
}

const RULES: readonly Rule[] = [
  { name: 'password hash', pattern: /\$argon2(id|i|d)\$|\$2[aby]\$\d\d\$/ },
  { name: 'JWT', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  // A function's dynamic key (services/functions/dynamic-key.ts), as Appwrite 1.6 and HEAD prefix it.
  { name: 'dynamic key', pattern: /\b(dynamic|ephemeral)_eyJ[\w-]{8,}/ },
  { name: 'session cookie value', pattern: /a_session_[\w-]+(_legacy)?=[^;\s"\\]{8,}/ },
  { name: 'credential header value', pattern: /"(cookie|x-appwrite-key|x-appwrite-session|x-appwrite-jwt|x-fallback-cookies|authorization)"\s*:\s*"(?!\[Redacted\])[^"]+"/i },
  { name: 'secret-bearing field', pattern: /"(password|passwordAgain|oldPassword|secret|sessionSecret|jwt|apiKey|otp|totpSecret|recoveryCode)"\s*:\s*"[^"]+"/ },
  { name: 'credential in a URL', pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"]+:[^\s/@"]+@/i },
  { name: 'private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----/ },
  { name: 'database driver object', pattern: /"(secretKey|processID)"\s*:|\bsecretKey:\s*\d/ },
];

export interface AuditFinding {
  file: string;
  line: number;
  rule: string;
}

export interface AuditReport {
  files: number;
  lines: number;
  findings: AuditFinding[];
}

/** Secrets known by value: the test API key, and the keys the suite recorded while it ran. */
function knownSecrets(dir: string, files: readonly string[]): string[] {
  const recorded = files.filter((file) => file.startsWith('secrets-')).flatMap((file) => readFileSync(join(dir, file), 'utf8').split('\n'));
  return [...new Set([TEST_API_KEY, ...recorded].filter((secret) => secret.length >= 16))];
}

export function auditLogLines(lines: readonly string[], secrets: readonly string[], file = '-'): AuditFinding[] {
  const findings: AuditFinding[] = [];
  lines.forEach((text, index) => {
    for (const secret of secrets) if (text.includes(secret)) findings.push({ file, line: index + 1, rule: 'known secret' });
    for (const rule of RULES) if (rule.pattern.test(text)) findings.push({ file, line: index + 1, rule: rule.name });
  });
  return findings;
}

export function auditLogDir(dir: string): AuditReport {
  const files = readdirSync(dir);
  const secrets = knownSecrets(dir, files);
  const report: AuditReport = { files: 0, lines: 0, findings: [] };
  for (const file of files.filter((name) => name.endsWith('.log'))) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean);
    report.files++;
    report.lines += lines.length;
    report.findings.push(...auditLogLines(lines, secrets, file));
  }
  return report;
}
