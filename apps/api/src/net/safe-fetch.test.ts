import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** DNS answers by name; each name's list is used in turn, the last one repeating (a rebinding server). */
const answers = new Map<string, { address: string; family: number }[][]>();
vi.mock('node:dns/promises', () => ({
  lookup: vi.fn(async (name: string) => {
    // Like the real lookup, an address literal is its own answer.
    if (isIP(name)) return [{ address: name, family: isIP(name) }];
    const queue = answers.get(name);
    if (!queue?.length) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return queue.length > 1 ? queue.shift()! : queue[0]!;
  }),
}));

const { safeFetch, SafeFetchError } = await import('./safe-fetch.ts');

let server: Server;
let port = 0;
let requests = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests++;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function options(allowedHosts: string[] = []) {
  return { policy: { allowedHosts, maxBytes: 1024, maxRedirects: 5 }, signal: AbortSignal.timeout(2000) };
}

describe('safeFetch', () => {
  it('connects to the address it checked, even when the name resolves elsewhere the next time', async () => {
    // First answer: the local server (allow-listed for the test). Any later answer: a private address.
    answers.set('rebind.test', [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.0.0.1', family: 4 }]]);
    const fetched = await safeFetch(`http://rebind.test:${port}/`, options([`rebind.test:${port}`]));
    expect(fetched.body.toString()).toBe('hello');
    expect(fetched.url.href).toBe(`http://rebind.test:${port}/`);
  });

  it('refuses a name when any of its addresses is private, without connecting', async () => {
    answers.set('mixed.test', [[{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }]]);
    const before = requests;
    const failure = await safeFetch(`http://mixed.test:${port}/`, options()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SafeFetchError);
    expect((failure as InstanceType<typeof SafeFetchError>).reason).toBe('blocked');
    expect(requests).toBe(before);
  });

  it('names the reason of each failure', async () => {
    const reason = (url: string, allowed: string[] = []) =>
      safeFetch(url, options(allowed)).then(
        () => 'fetched',
        (error: InstanceType<typeof SafeFetchError>) => error.reason,
      );
    expect(await reason('ftp://example.org/')).toBe('blocked');
    expect(await reason('http://nowhere.test/')).toBe('unreachable');
    expect(await reason(`http://127.0.0.1:${port}/`)).toBe('blocked');
    expect(await reason(`http://127.0.0.1:${port}/`, ['127.0.0.1'])).toBe('fetched');
    expect(await reason(`http://127.0.0.1:${port}/`, [`127.0.0.1:${port + 1}`])).toBe('blocked');
  });
});
