import { describe, expect, it } from 'vitest';
import { ADMIN, GUEST, type Identity } from '../core/context.ts';
import { routes } from '../core/registry.ts';
import { mayReadReplica, REPLICA_ROUTES, writerOf } from './read-routing.ts';

describe('read routing', () => {
  it('names only routes of the registry, all of them reads', () => {
    const byId = new Map(routes.map((route) => [route.id, route]));
    for (const id of REPLICA_ROUTES) {
      expect(byId.has(id), id).toBe(true);
      expect(byId.get(id)!.method, id).toBe('GET');
    }
    expect(mayReadReplica('databases.updateDocument')).toBe(false);
    expect(mayReadReplica('account.get')).toBe(false);
  });

  it('a writer is a session, an API key or a JWT user; guests are nobody', () => {
    const signedIn = (via: 'session' | 'jwt') => ({ ...GUEST, userId: 'u1', signedIn: { via, session: { id: 's1' }, user: { id: 'u1' } } }) as unknown as Identity;
    expect(writerOf(signedIn('session'))).toBe('session:s1');
    expect(writerOf(signedIn('jwt'))).toBe('user:u1');
    expect(writerOf(ADMIN)).toBe('key:');
    expect(writerOf({ ...ADMIN, keyName: 'importer' })).toBe('key:importer');
    expect(writerOf(GUEST)).toBeUndefined();
  });
});
