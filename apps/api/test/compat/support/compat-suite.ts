import { afterAll, beforeAll, describe } from 'vitest';
import { startTestServer, TEST_PROJECT, type Engine, type TestServer } from '../../support/test-server.ts';
import { engines } from './engines.ts';
import { sdkGenerations, type DocumentsApi, type SdkConnection, type SdkGeneration } from './sdk-generations.ts';

/** What a compat test sees: one SDK generation talking, as a guest, to a fresh server on one engine. */
export interface CompatContext {
  readonly sdk: SdkGeneration;
  readonly engine: Engine;
  /** The server's `/v1` URL. */
  readonly endpoint: string;
  /** The server itself, for what a client cannot do (reading the outbox, ageing a token in the database). */
  readonly server: TestServer;
  /** A guest connection to the test project. */
  readonly guest: SdkConnection;
  /** Shorthand for `guest.databases`. */
  readonly databases: DocumentsApi;
  connect(project: string): SdkConnection;
}

class LiveContext implements CompatContext {
  readonly sdk: SdkGeneration;
  readonly engine: Engine;
  private running: TestServer | undefined;
  private connection: SdkConnection | undefined;

  private readonly env: Record<string, string>;
  private readonly schemaFile: string | undefined;

  constructor(sdk: SdkGeneration, engine: Engine, env: Record<string, string>, schemaFile?: string) {
    this.sdk = sdk;
    this.engine = engine;
    this.env = env;
    this.schemaFile = schemaFile;
  }

  async start(): Promise<void> {
    // Abuse limits are not under test here (unless a suite asks), and the query tests create more documents than a guest may per minute.
    this.running = await startTestServer({ engine: this.engine, env: { ABUSE_LIMITS: 'disabled', ...this.env }, ...(this.schemaFile ? { schemaFile: this.schemaFile } : {}) });
    this.connection = this.sdk.connect(this.running.endpoint, TEST_PROJECT);
  }

  async stop(): Promise<void> {
    await this.running?.close();
  }

  get endpoint(): string {
    return this.server.endpoint;
  }

  get server(): TestServer {
    if (!this.running) throw new Error('the compat server is not started yet');
    return this.running;
  }

  get guest(): SdkConnection {
    if (!this.connection) throw new Error('the compat server is not started yet');
    return this.connection;
  }

  get databases(): DocumentsApi {
    return this.guest.databases;
  }

  connect(project: string): SdkConnection {
    return this.sdk.connect(this.endpoint, project);
  }
}

/**
 * Declares the same cases once per SDK generation × engine, each with its own server (so every
 * block starts from an empty database). Unreachable PostgreSQL skips its blocks. `env` adds to the
 * servers' environment; `schemaFile` replaces the test schema; `generations` keeps only the SDK
 * generations that have the API under test (SDK 28 has TablesDB, SDK 17 has not).
 */
export function describeCompat(
  title: string,
  defineCases: (context: CompatContext) => void,
  options: { env?: Record<string, string>; schemaFile?: string; generations?: (sdk: SdkGeneration) => boolean } = {},
): void {
  for (const sdk of sdkGenerations.filter(options.generations ?? (() => true))) {
    for (const { engine, available } of engines) {
      describe.skipIf(!available)(`${title} [${sdk.name}, ${engine}]`, () => {
        const context = new LiveContext(sdk, engine, options.env ?? {}, options.schemaFile);
        beforeAll(() => context.start());
        afterAll(() => context.stop());
        defineCases(context);
      });
    }
  }
}
