import { Client, Databases, Messaging, Storage, TablesDB, Teams, Users } from 'node-appwrite';
import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type Engine, type TestServer } from '../../support/test-server.ts';
import { engines } from './engines.ts';

/** The official server SDK (node-appwrite 27) services on one client. */
export interface ServerSdk {
  client: Client;
  users: Users;
  databases: Databases;
  tablesDB: TablesDB;
  storage: Storage;
  messaging: Messaging;
  teams: Teams;
}

export function connectServerSdk(endpoint: string, credentials: { key?: string; session?: string }): ServerSdk {
  const client = new Client().setEndpoint(endpoint).setProject(TEST_PROJECT);
  if (credentials.key) client.setKey(credentials.key);
  if (credentials.session) client.setSession(credentials.session);
  return { client, users: new Users(client), databases: new Databases(client), tablesDB: new TablesDB(client), storage: new Storage(client), messaging: new Messaging(client), teams: new Teams(client) };
}

/** What a server SDK test sees: a fresh server on one engine and the SDK holding the operator key. */
export interface ServerSdkContext {
  readonly engine: Engine;
  readonly server: TestServer;
  readonly endpoint: string;
  /** node-appwrite with the operator key (every scope). */
  readonly sdk: ServerSdk;
  /** node-appwrite with another key or a user's session. */
  connect(credentials: { key?: string; session?: string }): ServerSdk;
}

class LiveServerSdk implements ServerSdkContext {
  readonly engine: Engine;
  private running: TestServer | undefined;
  private operator: ServerSdk | undefined;
  private readonly options: { env: Record<string, string>; schemaFile?: string | undefined };

  constructor(engine: Engine, options: { env: Record<string, string>; schemaFile?: string | undefined }) {
    this.engine = engine;
    this.options = options;
  }

  async start(): Promise<void> {
    this.running = await startTestServer({ engine: this.engine, env: { ABUSE_LIMITS: 'disabled', ...this.options.env }, ...(this.options.schemaFile ? { schemaFile: this.options.schemaFile } : {}) });
    this.operator = connectServerSdk(this.running.endpoint, { key: TEST_API_KEY });
  }

  async stop(): Promise<void> {
    await this.running?.close();
  }

  get server(): TestServer {
    if (!this.running) throw new Error('the server SDK test server is not started yet');
    return this.running;
  }

  get endpoint(): string {
    return this.server.endpoint;
  }

  get sdk(): ServerSdk {
    if (!this.operator) throw new Error('the server SDK test server is not started yet');
    return this.operator;
  }

  connect(credentials: { key?: string; session?: string }): ServerSdk {
    return connectServerSdk(this.endpoint, credentials);
  }
}

/** Declares the same cases once per engine, each block with its own fresh server; unreachable PostgreSQL skips its block. */
export function describeServerSdk(title: string, defineCases: (context: ServerSdkContext) => void, options: { env?: Record<string, string>; schemaFile?: string } = {}): void {
  for (const { engine, available } of engines) {
    describe.skipIf(!available)(`${title} [node-appwrite 27, ${engine}]`, () => {
      const context = new LiveServerSdk(engine, { env: options.env ?? {}, schemaFile: options.schemaFile });
      beforeAll(() => context.start());
      afterAll(() => context.stop());
      defineCases(context);
    });
  }
}
