import { AsyncLocalStorage } from 'node:async_hooks';

/** What the database layer knows of the request it serves, to choose between primary and replica. */
export interface ReadScope {
  /** Whose writes this request's reads must see (a session, an API key, a JWT's user); undefined for guests. */
  readonly writer: string | undefined;
  /** The route is one of the hot read paths, whose plain reads may go to the replica. */
  readonly replicaAllowed: boolean;
  /** Set by the first write of the request: its later reads stay on the primary. */
  wrote: boolean;
  /** Cleared when the handler returns: work it scheduled for later inherits the scope and must not use it. */
  open: boolean;
  /** The writer's last commit position, looked up once per request. */
  writerPosition?: Promise<bigint | 'unknown' | undefined>;
}

const scopes = new AsyncLocalStorage<ReadScope>();

/** Runs a request's handler with its read scope. */
export async function withReadScope<T>(writer: string | undefined, replicaAllowed: boolean, work: () => Promise<T>): Promise<T> {
  const scope: ReadScope = { writer, replicaAllowed, wrote: false, open: true };
  try {
    return await scopes.run(scope, work);
  } finally {
    scope.open = false;
  }
}

export function currentReadScope(): ReadScope | undefined {
  const scope = scopes.getStore();
  return scope?.open ? scope : undefined;
}
