import { afterAll, beforeAll } from 'vitest';
import type { CommittedEvent } from '../../../src/events/index.ts';
import { startTestServer, TEST_API_KEY, TEST_PROJECT, type Engine, type TestServer } from '../../support/test-server.ts';

export interface EventWorld {
  server: TestServer;
  /** Every event the server published since it started, in order. */
  received: CommittedEvent[];
}

/** A test server whose published events are collected as a broadcast subscriber sees them. */
export function useEventWorld(engine: Engine): () => EventWorld {
  let world: EventWorld | undefined;
  beforeAll(async () => {
    const server = await startTestServer({ engine, env: { ABUSE_LIMITS: 'disabled' } });
    const received: CommittedEvent[] = [];
    server.app.services.events.subscribe((event) => void received.push(event));
    world = { server, received };
  });
  afterAll(async () => world?.server.close());
  return () => world!;
}

/** Calls the API as the operator (`session`: as that user instead); answers the parsed body, or throws on an error status. */
export async function call(world: EventWorld, method: string, path: string, body?: unknown, session?: string): Promise<any> {
  const headers: Record<string, string> = { 'X-Appwrite-Project': TEST_PROJECT, ...(session ? { 'X-Appwrite-Session': session } : { 'X-Appwrite-Key': TEST_API_KEY }) };
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${world.server.endpoint}${path}`, init);
  const text = await response.text();
  const json = text ? JSON.parse(text) : undefined;
  if (response.status >= 400) throw Object.assign(new Error(`${method} ${path}: ${response.status} ${text}`), { status: response.status, json, headers: response.headers });
  return Object.assign(json ?? {}, { headers: response.headers });
}

/** Waits until `count` more events than `from` have arrived (and a moment longer, to see any extra), then returns the new ones. */
export async function eventsAfter(world: EventWorld, from: number, count: number): Promise<CommittedEvent[]> {
  const deadline = Date.now() + 5_000;
  while (world.received.length < from + count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 150));
  return world.received.slice(from);
}

export function withoutHeaders<T extends { headers?: unknown }>(answer: T): Omit<T, 'headers'> {
  const { headers: _headers, ...rest } = answer;
  return rest;
}
