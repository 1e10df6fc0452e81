/**
 * Vitest global set-up for the end-to-end suite (vitest.e2e.config.ts): once per run, in the main
 * process — Chromium present (installed if missing), site built if stale, the real server started,
 * one browser server launched, real URLs discovered; test files reach them through inject('e2e').
 */
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { discover, type Discovery } from './discover.ts';
import { CHROMIUM_ARGS, ensureChromium } from './ensure-chromium.ts';
import { startE2EServer, type E2EServer } from './server.ts';

export interface E2EContext {
  url: string;
  apiKey: string;
  projectId: string;
  /** The server's DATA_DIR (its mail outbox is `outbox/` inside). */
  dataDir: string;
  wsEndpoint: string;
  discovery: Discovery;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2EContext;
  }
}

let server: E2EServer | undefined;
let browserServer: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  const executablePath = ensureChromium();
  server = await startE2EServer();
  browserServer = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS, headless: true });
  const discovery = await discover(server);
  const summary = discovery.pages.map((page) => `${page.kind}${page.source === 'api' ? ' (API)' : ''}`).join(', ');
  console.log(`e2e: ready in ${((Date.now() - started) / 1000).toFixed(1)} s; pattern pages: ${summary}`);
  for (const note of discovery.notes.slice(0, 10)) console.log(`e2e: ${note}`);
  project.provide('e2e', { url: server.url, apiKey: server.apiKey, projectId: server.projectId, dataDir: server.dataDir, wsEndpoint: browserServer.wsEndpoint(), discovery });
}

export async function teardown(): Promise<void> {
  await browserServer?.close().catch(() => {});
  await server?.close();
}
