import { describe, expect, it } from 'vitest';
import { loadFunctions } from '../functions/load-functions.ts';
import { FIXTURE_FUNCTIONS } from '../functions/runtime/test-fixtures.ts';
import { cronProblem, functionDeclarationsSchema } from './function-declarations.ts';
import { parseProjectSchema, SchemaError } from './project-schema.ts';

const minimal = { $id: 'export-pdf', name: 'Export PDF', runtime: 'node-22', entrypoint: 'src/main.js' };

function problemsOf(functions: unknown[]): string {
  try {
    parseProjectSchema({ projectId: 'ballot-atlas', functions });
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return (error as Error).message;
  }
  throw new Error('expected the schema to be refused');
}

describe('functions in appwrite.json', () => {
  it('fills in Appwrite\'s defaults, with the folder functions/<id>', () => {
    expect(functionDeclarationsSchema.parse([minimal])).toEqual([{
      ...minimal, execute: [], events: [], schedule: '', timeout: 15, enabled: true, logging: true, commands: '', path: 'functions/export-pdf', scopes: [], vars: {}, specification: 's-1vcpu-512mb',
    }]);
  });

  it('takes what the Appwrite CLI writes', () => {
    const declared = { ...minimal, execute: ['any'], events: ['databases.main.collections.contact_messages.documents.*.create'], schedule: '0 3 * * *', timeout: 900, enabled: false, logging: false, path: 'functions/pdf', scopes: ['files.write', 'documents.read'], specification: 's-2vcpu-2gb', commands: 'npm install', vars: { BALLOT_SITE_URL: '${SITE_URL}', LIMIT: '10' } };
    expect(functionDeclarationsSchema.parse([declared])).toEqual([declared]);
  });

  it('refuses a bad declaration with a message naming the function', () => {
    const message = problemsOf([
      { ...minimal, $id: 'one', runtime: 'python-3.12' },
      { ...minimal, $id: 'two', schedule: '61 * * * *' },
      { ...minimal, $id: 'three', scopes: ['documents.read', 'everything'] },
      { ...minimal, $id: 'four', timeout: 901 },
      { ...minimal, $id: 'five', specification: 's-64vcpu' },
      { ...minimal, $id: 'one' },
      { name: 'nameless' },
    ]);
    expect(message).toContain('function "one": runtime: runtime "python-3.12" is not supported; this server runs Node.js functions: node-14.5,');
    expect(message).toMatch(/function "two": schedule: "61 \* \* \* \*" is not a cron expression: .+/);
    expect(message).toContain('function "three": scopes: unknown scope "everything"');
    expect(message).toContain('function "four": timeout: ');
    expect(message).toContain('function "five": specification: specification "s-64vcpu" is not one of s-0.5vcpu-512mb');
    expect(message).toContain('function "one": the id is declared twice');
    expect(message).toContain('function at position 7: $id: ');
    expect(message).toContain('function at position 7: entrypoint: ');
  });

  it('accepts Appwrite\'s cron forms: five fields or a macro, and nothing else', () => {
    expect(['*/5 * * * *', '0 0 1 1 *', '15 10 * * 1-5', '@daily', '@hourly'].map(cronProblem)).toEqual([null, null, null, null, null]);
    expect(cronProblem('* * * * * *')).toBe('needs five fields (minute hour day month weekday)');
    expect(cronProblem('0 25 * * *')).toEqual(expect.any(String));
    expect(cronProblem('not a cron')).toEqual(expect.any(String));
  });
});

describe('finding the sources', () => {
  it('finds the folder and entry point relative to appwrite.json', () => {
    const [loaded] = loadFunctions(functionDeclarationsSchema.parse([{ ...minimal, path: 'runtime', entrypoint: 'actions.js', specification: 's-2vcpu-4gb' }]), FIXTURE_FUNCTIONS);
    expect(loaded).toMatchObject({ directory: `${FIXTURE_FUNCTIONS}/runtime`, entrypointPath: `${FIXTURE_FUNCTIONS}/runtime/actions.js`, cpus: 2, memory: 4096 });
    expect(loaded!.deploymentId).toMatch(/^[0-9a-f]{20}$/);
  });

  it('stops start-up naming each function whose folder or entry point is missing or unusable', () => {
    const declarations = functionDeclarationsSchema.parse([
      { ...minimal, $id: 'no-folder' },
      { ...minimal, $id: 'no-entry', path: 'runtime', entrypoint: 'missing.js' },
      { ...minimal, $id: 'escapes', path: 'runtime', entrypoint: '../../../src/main.ts' },
      { ...minimal, $id: 'not-code', path: 'runtime', entrypoint: 'package.json' },
    ]);
    expect(() => loadFunctions(declarations, FIXTURE_FUNCTIONS, 'appwrite.json')).toThrow(new SchemaError([
      'appwrite.json is not a valid schema:',
      '  function "no-folder": folder functions/no-folder does not exist',
      '  function "no-entry": entrypoint runtime/missing.js does not exist',
      '  function "escapes": entrypoint ../../../src/main.ts is outside its folder runtime',
      '  function "not-code": entrypoint package.json must be a .js, .mjs, .cjs, .ts, .mts or .cts file',
    ].join('\n')));
  });
});
