import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { parseApiKeys } from './api-keys.ts';

const SECRET_A = 'importer-secret-0123456789abcdef0123456789';
const SECRET_B = 'monitor-secret-0123456789abcdef01234567890';
const OPERATOR = 'operator-secret-0123456789abcdef012345678';

describe('API_KEYS', () => {
  it('reads entries separated by ; or line breaks; every key also holds the scopes of Appwrite\'s "applications" role', () => {
    const { keys, problems } = parseApiKeys(`importer:documents.read, documents.write:${SECRET_A};\n monitor:health.read:${SECRET_B}\n`, OPERATOR);
    expect(problems).toEqual([]);
    expect(keys.map((key) => ({ name: key.name, scopes: [...key.scopes].sort(), secret: key.secret }))).toEqual([
      { name: 'importer', scopes: ['documents.read', 'documents.write', 'global', 'graphql', 'health.read'], secret: SECRET_A },
      { name: 'monitor', scopes: ['global', 'graphql', 'health.read'], secret: SECRET_B },
    ]);
  });

  it('a secret may hold colons: everything after the second one is the secret', () => {
    expect(parseApiKeys(`a:files.read:${SECRET_A}:more`, undefined).keys[0]?.secret).toBe(`${SECRET_A}:more`);
  });

  it('refuses bad entries, naming the key (or its position) and never its secret', () => {
    const cases: [string, string][] = [
      [`importer:documents.read,account:${SECRET_A}`, 'key "importer": unknown scope "account"'],
      [`importer:documents.reed:${SECRET_A}`, 'key "importer": unknown scope "documents.reed"'],
      ['importer:documents.read:too-short', 'key "importer": the secret must be at least 32 characters, without spaces'],
      [`importer:documents.read:${SECRET_A} x`, 'key "importer": the secret must be at least 32 characters, without spaces'],
      [`importer::${SECRET_A}`, 'key "importer": at least one scope is required'],
      [`importer:${SECRET_A}`, 'key "importer": expected name:scope,scope:secret'],
      [`bad name:files.read:${SECRET_A}`, 'entry 1: the name must be 1 to 36 letters, digits, - or _'],
      [`a:files.read:${SECRET_A}; a:files.write:${SECRET_B}`, 'key "a": the name is used twice'],
      [`a:files.read:${SECRET_A}; b:files.write:${SECRET_A}`, 'key "b": the secret is already another key\'s'],
      [`a:files.read:${OPERATOR}`, 'key "a": the secret is already another key\'s'],
    ];
    for (const [text, problem] of cases) {
      const result = parseApiKeys(text, OPERATOR);
      expect(result.problems, text).toContain(problem);
      expect(result.keys, text).toEqual([]);
      for (const message of result.problems) expect(message).not.toContain(SECRET_A.slice(0, 20));
    }
  });

  it('a bad entry stops start-up with a message naming API_KEYS; good ones reach the configuration', () => {
    expect(() => loadConfig({ API_KEY: OPERATOR, API_KEYS: `a:teams.rite:${SECRET_A}` })).toThrow(ConfigError);
    expect(() => loadConfig({ API_KEY: OPERATOR, API_KEYS: `a:teams.rite:${SECRET_A}` })).toThrow('API_KEYS: key "a": unknown scope "teams.rite"');
    expect(loadConfig({ API_KEYS: `a:teams.read:${SECRET_A}` }).apiKeys.map((key) => key.name)).toEqual(['a']);
    expect(loadConfig({}).apiKeys).toEqual([]);
  });
});
