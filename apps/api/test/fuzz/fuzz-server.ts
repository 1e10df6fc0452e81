/** The server the API fuzz runs against: the test schema (every attribute type, document and file security, disabled collections, compressed and encrypted buckets), no seed data. */
import { TEST_SCHEMA } from '../support/test-server.ts';

export const FUZZ_SCHEMA = TEST_SCHEMA;

/**
 * Abuse limits off, so requests reach the handlers rather than answering 429 (one run keeps
 * them on); the in-process OAuth2 provider on, so its routes do their work without the network;
 * a short remote-fetch deadline for the avatar routes.
 */
export function fuzzServerEnv(options: { abuseLimits?: boolean } = {}): Record<string, string> {
  return { ABUSE_LIMITS: options.abuseLimits ? 'enabled' : 'disabled', OAUTH_PROVIDERS: 'mock', AVATARS_FETCH_TIMEOUT_MS: '1000' };
}
