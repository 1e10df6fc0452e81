import type { CommittedEvent } from '../events/index.ts';
import type { RealtimeConnection } from './realtime-connection.ts';

const USER_EVENT = /^users\.([^.]+)\./;
const MEMBERSHIP_EVENT = /^teams\.[^.]+\.memberships\./;
const TEAM_DELETED = /^teams\.([^.]+)\.delete$/;

/**
 * Which sockets must resolve their roles again before an event is delivered: those of a user
 * whose account changed (signed out, verified, labelled, blocked), who joined or left a team, or
 * who belonged to a team that was deleted (appwrite-protocol §7.6).
 */
export class RoleChanges {
  private readonly byUser = new Map<string, Set<RealtimeConnection>>();

  /** Keeps the index of sockets by user up to date. */
  moved(connection: RealtimeConnection, previous: string | null, current: string | null = connection.userId): void {
    if (previous === current) return;
    if (previous !== null) {
      const sockets = this.byUser.get(previous);
      sockets?.delete(connection);
      if (sockets?.size === 0) this.byUser.delete(previous);
    }
    if (current !== null) {
      const sockets = this.byUser.get(current) ?? new Set();
      sockets.add(connection);
      this.byUser.set(current, sockets);
    }
  }

  affectedBy(event: CommittedEvent, connections: Iterable<RealtimeConnection>): RealtimeConnection[] {
    const concrete = event.events[0] ?? '';
    const users: string[] = [];
    const user = USER_EVENT.exec(concrete)?.[1];
    if (user) users.push(user);
    if (MEMBERSHIP_EVENT.test(concrete) && typeof event.payload['userId'] === 'string') users.push(event.payload['userId']);
    const affected = new Set(users.flatMap((id) => [...(this.byUser.get(id) ?? [])]));
    const deletedTeam = TEAM_DELETED.exec(concrete)?.[1];
    if (deletedTeam) {
      for (const connection of connections) if (connection.identity.roles.has(`team:${deletedTeam}`)) affected.add(connection);
    }
    return [...affected];
  }
}
