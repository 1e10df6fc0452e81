import { sql, type Kysely, type SqlBool } from 'kysely';
import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import type { MembershipGrant } from '../../core/context.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { EventBus } from '../../events/index.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import { collectionTables } from '../../db/physical-names.ts';
import { membershipsCollection, teamsCollection } from './team-collections.ts';

const READ_ALL: ReadFilter = { kind: 'all' };
const confirmAttribute = membershipsCollection.attributes.find((attribute) => attribute.key === 'confirm')!;

function equal(attribute: string, value: string | boolean): string {
  return JSON.stringify({ method: 'equal', attribute, values: [value] });
}

/** The team and membership records, and the few statements the document store has no verb for. */
export class TeamRecords {
  readonly teams: CollectionStore;
  readonly memberships: CollectionStore;
  readonly dialect: SqlDialect;
  /** Team and membership writes append their events in their own transaction. */
  readonly events: EventBus;
  private readonly teamsTable: string;
  private readonly membershipsTable: string;

  constructor(dialect: SqlDialect, events: EventBus) {
    this.dialect = dialect;
    this.events = events;
    this.teams = new CollectionStore(dialect, teamsCollection);
    this.memberships = new CollectionStore(dialect, membershipsCollection);
    this.teamsTable = collectionTables(teamsCollection).documents;
    this.membershipsTable = collectionTables(membershipsCollection).documents;
  }

  transaction<T>(work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
    return this.dialect.db.transaction().execute(work);
  }

  async team(teamId: string, read: ReadFilter = READ_ALL): Promise<StoredDocument | undefined> {
    return this.teams.get(teamId, read);
  }

  async membership(membershipId: string): Promise<StoredDocument | undefined> {
    return this.memberships.get(membershipId, READ_ALL);
  }

  async membershipOf(teamId: string, userId: string): Promise<StoredDocument | undefined> {
    const { documents } = await this.memberships.list(parseQueries([equal('teamId', teamId), equal('userId', userId)]), READ_ALL, { countTotal: false });
    return documents[0];
  }

  /** The user's confirmed memberships: the team roles of their requests. */
  async grantsOf(userId: string): Promise<MembershipGrant[]> {
    const plan = parseQueries([equal('userId', userId), equal('confirm', true), JSON.stringify({ method: 'limit', values: [5000] })]);
    const { documents } = await this.memberships.list(plan, READ_ALL, { countTotal: false });
    return documents.map((stored) => ({ membershipId: stored.id, teamId: stored.data['teamId'] as string, roles: stored.data['roles'] as string[] }));
  }

  /** Confirmed owners of a team, counted up to two (enough to tell "the last one"). */
  async confirmedOwners(teamId: string): Promise<number> {
    const plan = parseQueries([equal('teamId', teamId), equal('confirm', true), JSON.stringify({ method: 'contains', attribute: 'roles', values: ['owner'] }), JSON.stringify({ method: 'limit', values: [2] })]);
    const { documents } = await this.memberships.list(plan, READ_ALL, { countTotal: false });
    return documents.length;
  }

  /** All memberships of a team (deleting the team takes them along). */
  async membershipsOfTeam(teamId: string): Promise<StoredDocument[]> {
    const plan = parseQueries([equal('teamId', teamId), JSON.stringify({ method: 'limit', values: [5000] })]);
    return (await this.memberships.list(plan, READ_ALL, { countTotal: false })).documents;
  }

  /** Sets a team's `total` to its count of confirmed members, in the caller's transaction. */
  async recountTotal(trx: Kysely<any>, teamId: string): Promise<void> {
    const confirmed = this.dialect.encode(confirmAttribute, true);
    await sql`update ${sql.table(this.teamsTable)} set total = (select count(*) from ${sql.table(this.membershipsTable)} where ${sql.ref('teamId')} = ${teamId} and confirm = ${confirmed}) where _uid = ${teamId}`.execute(trx);
  }

  /**
   * Confirms a pending membership, only if it is still pending with that secret: of two
   * acceptances racing, one wins. False when another came first. The secret's hash stays, so a
   * second use of the link is told "already accepted" rather than "invalid".
   */
  async confirmIfPending(trx: Kysely<any>, membership: StoredDocument, joined: string): Promise<boolean> {
    const pending = this.dialect.encode(confirmAttribute, false);
    const result = await trx
      .updateTable(this.membershipsTable)
      .set({ confirm: this.dialect.encode(confirmAttribute, true), joined, _updatedAt: joined })
      .where('_seq', '=', membership.sequence)
      .where(sql<SqlBool>`confirm = ${pending}`)
      .where('secret', '=', membership.data['secret'] as string)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
