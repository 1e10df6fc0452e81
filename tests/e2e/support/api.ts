/** Checks behind the scenes: the API called directly with the operator key (X-Appwrite-Key). */

export interface ApiTarget {
  url: string;
  apiKey: string;
  projectId: string;
}

export type ApiDocument = { $id: string } & Record<string, unknown>;

export const q = {
  equal: (attribute: string, ...values: (string | number | boolean)[]) => JSON.stringify({ method: 'equal', attribute, values }),
  limit: (n: number) => JSON.stringify({ method: 'limit', values: [n] }),
  orderAsc: (attribute: string) => JSON.stringify({ method: 'orderAsc', attribute }),
  orderDesc: (attribute: string) => JSON.stringify({ method: 'orderDesc', attribute }),
  notEqual: (attribute: string, value: string) => JSON.stringify({ method: 'notEqual', attribute, values: [value] }),
};

export class OperatorApi {
  private readonly target: ApiTarget;

  constructor(target: ApiTarget) {
    this.target = target;
  }

  private async call<T>(path: string, method: 'GET' | 'DELETE' | 'POST' | 'PATCH' = 'GET', body?: object): Promise<T> {
    const response = await fetch(`${this.target.url}/v1${path}`, {
      method,
      headers: {
        'X-Appwrite-Project': this.target.projectId,
        'X-Appwrite-Key': this.target.apiKey,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /v1${path} → ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Removes what a test added to the shared e2e data, so later files see the demo data as seeded. */
  async delete(collection: string, id: string): Promise<void> {
    await this.call(`/databases/main/collections/${collection}/documents/${encodeURIComponent(id)}`, 'DELETE');
  }

  /** Adds a document as an editor would (what a test adds, it deletes). */
  async create(collection: string, documentId: string, data: Record<string, unknown>, permissions?: string[]): Promise<ApiDocument> {
    return this.call(`/databases/main/collections/${collection}/documents`, 'POST', { documentId, data, ...(permissions ? { permissions } : {}) });
  }

  /** Changes some attributes of a document (what a test changes, it restores). */
  async update(collection: string, id: string, data: Record<string, unknown>): Promise<ApiDocument> {
    return this.call(`/databases/main/collections/${collection}/documents/${encodeURIComponent(id)}`, 'PATCH', { data });
  }

  async list(collection: string, queries: string[] = []): Promise<{ total: number; documents: ApiDocument[] }> {
    const search = queries.map((query, index) => `queries[${index}]=${encodeURIComponent(query)}`).join('&');
    return this.call(`/databases/main/collections/${collection}/documents${search ? `?${search}` : ''}`);
  }

  async get(collection: string, id: string): Promise<ApiDocument | null> {
    try {
      return await this.call(`/databases/main/collections/${collection}/documents/${encodeURIComponent(id)}`);
    } catch (error) {
      if (/→ 404/.test(String(error))) return null;
      throw error;
    }
  }

  async first(collection: string, queries: string[] = []): Promise<ApiDocument | null> {
    return (await this.list(collection, [...queries, q.limit(1)])).documents[0] ?? null;
  }

  async bySlug(collection: string, slug: string): Promise<ApiDocument | null> {
    return this.first(collection, [q.equal('slug', slug)]);
  }
}
