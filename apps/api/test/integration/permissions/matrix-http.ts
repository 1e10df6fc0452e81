/** Raw HTTP for the permission matrix: the project header, a caller's credentials, JSON or multipart bodies. */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Reply {
  status: number;
  /** The parsed body of a JSON answer; undefined otherwise. */
  json: any;
  /** The body as text (binary answers: their length only, as `<n bytes>`). */
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  headers?: Record<string, string> | undefined;
  body?: unknown;
  form?: FormData;
}

export class MatrixHttp {
  readonly endpoint: string;
  readonly projectId: string;

  constructor(endpoint: string, projectId: string) {
    this.endpoint = endpoint;
    this.projectId = projectId;
  }

  get sessionCookie(): string {
    return `a_session_${this.projectId}`;
  }

  async send(method: Method, path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { 'x-appwrite-project': this.projectId, ...options.headers };
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.endpoint}${path}`, { method, headers, body });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      const text = await response.text();
      return { status: response.status, json: text ? JSON.parse(text) : undefined, text, headers: response.headers };
    }
    const bytes = await response.arrayBuffer();
    const text = type.startsWith('text/') ? Buffer.from(bytes).toString('utf8') : `<${bytes.byteLength} bytes>`;
    return { status: response.status, json: undefined, text, headers: response.headers };
  }

  /** A request that must succeed; its JSON body. */
  async ok(method: Method, path: string, options: RequestOptions = {}): Promise<any> {
    const reply = await this.send(method, path, options);
    if (reply.status >= 300) throw new Error(`${method} ${path} → ${reply.status} ${reply.text}`);
    return reply.json;
  }

  /** The session token a sign-in or an accepted invitation set in its cookie. */
  async signIn(path: string, method: Method, body: unknown, headers: Record<string, string> = {}): Promise<string> {
    const response = await fetch(`${this.endpoint}${path}`, {
      method,
      headers: { 'x-appwrite-project': this.projectId, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${this.sessionCookie}=`));
    if (!response.ok || !line) throw new Error(`${method} ${path} → ${response.status} ${await response.text()} (no session cookie)`);
    await response.arrayBuffer();
    return decodeURIComponent(line.slice(this.sessionCookie.length + 1).split(';')[0]!);
  }
}

/** `queries[0]=…&queries[1]=…`, as the SDKs write a queries array into a query string. */
export function queryString(queries: readonly object[]): string {
  return queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&');
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}
