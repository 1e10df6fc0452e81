import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { QueryError } from '@ballot-atlas/shared/appwrite/query';
import { installErrorHandling } from './error-handler.ts';

describe('installErrorHandling', () => {
  const app = Fastify();
  installErrorHandling(app);
  app.get('/query', async () => {
    throw new QueryError('Invalid query: Query value is invalid for attribute "$createdAt"');
  });
  app.get('/bug', async () => {
    throw new TypeError('Cannot read properties of undefined');
  });

  // Found by the API fuzz: GET /v1/history/changes with `equal("$createdAt", [null])` was a 500 — the new
  // service let the compiler's QueryError through, as every service that forgets withQueryErrors would.
  it('answers a QueryError from any handler as 400 general_query_invalid with its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/query' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, type: 'general_query_invalid', message: 'Invalid query: Query value is invalid for attribute "$createdAt"' });
  });

  it('still hides other errors behind a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/bug' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 500, type: 'general_unknown', message: 'Server Error' });
  });
});
