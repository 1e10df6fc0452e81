import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkUrl, type ResolvedTarget } from './host-check.ts';

/**
 * GET a URL a client named, without letting the client reach inside the network (SSRF): only http
 * and https; every host is resolved and refused when any of its addresses is not public; the
 * connection goes to the address that was checked (so DNS cannot answer differently the second
 * time); redirects are followed by hand and each hop is checked again; time and size are capped.
 */

export interface FetchPolicy {
  /** `host` or `host:port` entries reachable whatever their address (tests only). */
  allowedHosts: readonly string[];
  maxBytes: number;
  maxRedirects: number;
}

export type FetchFailure = 'blocked' | 'unreachable' | 'status' | 'too-large' | 'timeout' | 'redirects';

export class SafeFetchError extends Error {
  readonly reason: FetchFailure;

  constructor(reason: FetchFailure, message: string) {
    super(message);
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

export interface FetchedBody {
  /** The URL that answered, after redirects. */
  url: URL;
  contentType: string;
  body: Buffer;
}

export interface SafeFetchOptions {
  policy: FetchPolicy;
  /** Aborts the whole fetch, redirects included; a timeout signal makes it a `timeout` failure. */
  signal: AbortSignal;
  accept?: string;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; BallotAtlas-Avatars/1.0)';

/** The address to connect to: the first one, once every address the name has is known to be allowed. */
async function checkedAddress(url: URL, policy: FetchPolicy): Promise<ResolvedTarget> {
  const verdict = await checkUrl(url, policy.allowedHosts);
  if (verdict.allowed) return verdict.target;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (verdict.reason === 'unresolved') throw new SafeFetchError('unreachable', `${host} does not resolve`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('blocked', `${url.protocol} URLs are not fetched`);
  throw new SafeFetchError('blocked', `${host} resolves to a non-public address`);
}

/** A `lookup` that always answers the checked address, in both callback shapes net may ask for. */
function pinnedLookup(pinned: { address: string; family: number }): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function request(url: URL, pinned: { address: string; family: number }, options: SafeFetchOptions): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(pinned),
        signal: options.signal,
        headers: { 'user-agent': USER_AGENT, accept: options.accept ?? '*/*', 'accept-encoding': 'identity' },
      },
      resolve,
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new SafeFetchError('too-large', `the response declares ${declared} bytes, more than ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new SafeFetchError('too-large', `the response is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function failure(error: unknown, signal: AbortSignal): SafeFetchError {
  if (error instanceof SafeFetchError) return error;
  if (signal.aborted) return new SafeFetchError('timeout', 'the remote server did not answer in time');
  return new SafeFetchError('unreachable', error instanceof Error ? error.message : 'the request failed');
}

/** Fetches `target` under `policy`; every failure is a SafeFetchError naming its reason. */
export async function safeFetch(target: string | URL, options: SafeFetchOptions): Promise<FetchedBody> {
  let url = new URL(target);
  try {
    for (let hop = 0; ; hop++) {
      options.signal.throwIfAborted();
      const pinned = await checkedAddress(url, options.policy);
      const response = await request(url, pinned, options);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location) {
        response.destroy();
        if (hop >= options.policy.maxRedirects) throw new SafeFetchError('redirects', `more than ${options.policy.maxRedirects} redirects`);
        url = new URL(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new SafeFetchError('status', `the remote server answered ${status}`);
      }
      const body = await readBody(response, options.policy.maxBytes);
      return { url, contentType: String(response.headers['content-type'] ?? ''), body };
    }
  } catch (error) {
    throw failure(error, options.signal);
  }
}
