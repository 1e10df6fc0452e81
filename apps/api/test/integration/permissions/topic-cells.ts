/**
 * Subscribing to the declared topics: while `messaging.createSubscriber` is in the registry (it is,
 * see services/messaging), every topic gets its cells for every principal; were the route
 * removed, there would be no cells and the matrix would check the server answers no such route.
 */
import { randomBytes } from 'node:crypto';
import { routes } from '../../../src/core/registry.ts';
import { subscribeRule } from './appwrite-rules.ts';
import type { DeclaredTopic } from './declared-project.ts';
import type { Cell } from './matrix-cells.ts';
import type { MatrixHttp } from './matrix-http.ts';
import type { Principal } from './principals.ts';

export const SUBSCRIBE_ROUTE = 'messaging.createSubscriber';

export function subscribeRoute() {
  return routes.find((route) => route.id === SUBSCRIBE_ROUTE);
}

/** The path Appwrite serves subscriptions at, for a topic. */
export function subscribersPath(topicId: string): string {
  return (subscribeRoute()?.path ?? '/messaging/topics/{topicId}/subscribers').replace('{topicId}', topicId);
}

/** A key has no target of its own: it subscribes a new user's, so no two cells subscribe the same target. */
async function freshEmailTarget(http: MatrixHttp): Promise<string> {
  const email = `subscriber${randomBytes(4).toString('hex')}@example.org`;
  const password = `subscriber-password-${email}`;
  await http.ok('POST', '/account', { body: { userId: 'unique()', email, password } });
  const token = await http.signIn('/account/sessions/email', 'POST', { email, password });
  const me = await http.ok('GET', '/account', { headers: { cookie: `${http.sessionCookie}=${encodeURIComponent(token)}` } });
  return (me.targets as { $id: string; providerType: string }[]).find((target) => target.providerType === 'email')!.$id;
}

export function topicCells(topics: readonly DeclaredTopic[], principals: readonly Principal[], http: MatrixHttp): Cell[] {
  const route = subscribeRoute();
  if (!route) return [];
  return topics.flatMap((topic) =>
    principals.map((principal): Cell => ({
      resource: `topic ${topic.id}`,
      operation: 'subscribe',
      principal,
      routeId: SUBSCRIBE_ROUTE,
      expected: () => subscribeRule(topic, principal),
      send: async () => http.send(route.method, subscribersPath(topic.id), {
        headers: principal.credentials(route.scope ?? ''),
        body: { subscriberId: 'unique()', targetId: principal.user?.emailTargetId ?? (await freshEmailTarget(http)) },
      }),
    })),
  );
}
