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
  /** A guest connection to the test project. */
  readonly guest: SdkConnection;
  /** Shorthand for `guest.databases`. */
  readonly databases: DocumentsApi;
  connect(project: string): SdkConnection;
}

class LiveContext implements CompatContext {
  readonly sdk: SdkGeneration;
  readonly engine: Engine;
  private server: TestServer | undefined;
  private connection: SdkConnection | undefined;

  constructor(sdk: SdkGeneration, engine: Engine) {
    this.sdk = sdk;
    this.engine = engine;
  }

  async start(): Promise<void> {
    // Abuse limits are not under test here, and the query tests create more documents than a guest may per minute.
    this.server = await startTestServer({ engine: this.engine, env: { ABUSE_LIMITS: 'disabled' } });
    this.connection = this.sdk.connect(this.server.endpoint, TEST_PROJECT);
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  get endpoint(): string {
    if (!this.server) throw new Error('the compat server is not started yet');
    return this.server.endpoint;
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
 * block starts from an empty database). Unreachable PostgreSQL skips its blocks.
 */
export function describeCompat(title: string, defineCases: (context: CompatContext) => void): void {
  for (const sdk of sdkGenerations) {
    for (const { engine, available } of engines) {
      describe.skipIf(!available)(`${title} [${sdk.name}, ${engine}]`, () => {
        const context = new LiveContext(sdk, engine);
        beforeAll(() => context.start());
        afterAll(() => context.stop());
        defineCases(context);
      });
    }
  }
}
