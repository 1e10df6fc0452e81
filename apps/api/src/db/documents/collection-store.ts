import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_LIMIT, QueryError, type FilterQuery, type QueryPlan } from '@ballot-atlas/shared/appwrite/query';
import { foldSearchText, searchTerms } from '@ballot-atlas/shared/text/search-text';
import { AppwriteError } from '../../core/errors.ts';
import type { Permission } from '@ballot-atlas/shared/appwrite/permission';
import type { CollectionDefinition } from '../../schema/project-schema.ts';
import type { SqlDialect } from '../dialect.ts';
import { collectionTables, type CollectionTables } from '../physical-names.ts';
import { compileFilters, requireAttribute, type FilterContext } from '../query/compile-filters.ts';
import type { ReadFilter, StoredDocument } from './stored-document.ts';

export const COUNT_CAP = MAX_LIMIT;
/** Statements kept per collection and kind (queries come from clients, so their variety is unbounded). */
const STATEMENTS_KEPT = 256;

/** Keeps `value` under `key`, forgetting the oldest entry when STATEMENTS_KEPT are kept. */
function remember<T>(kept: Map<string, T>, key: string, value: T): void {
  if (kept.size >= STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, value);
}

interface ListStatements {
  page: CompiledQuery;
  count: CompiledQuery;
}

/** `where a and b …` over the conditions present, or nothing when there are none. */
function whereClause(conditions: readonly (RawBuilder<SqlBool> | null)[]): RawBuilder<unknown> {
  const present = conditions.filter((condition): condition is RawBuilder<SqlBool> => condition !== null);
  return present.length ? sql`where ${sql.join(present, sql` and `)}` : sql``;
}

/** A top-level `search` that can drive a page: the documents are read in the order its matches come in. */
interface DrivingSearch {
  matches: RawBuilder<unknown>;
  /** The plan's other filters, applied to each match. */
  rest: FilterQuery[];
}

interface NewDocument {
  id: string;
  data: Record<string, unknown>;
  permissions: Permission[];
  createdAt: string;
}

/** Reads and writes the documents of one collection: its table, permission rows and full-text tables. */
export class CollectionStore {
  readonly collection: CollectionDefinition;
  private readonly dialect: SqlDialect;
  private readonly tables: CollectionTables;
  private readonly filterContext: FilterContext;
  private readonly fulltextAttributes: string[];
  private readonly getStatements = new Map<string, string>();
  private readonly listCache = new Map<string, ListStatements>();
  /**
   * How each attribute is read from a row, in objects of one shape: the schema's attribute objects
   * differ in their optional keys, and reading them for every column of every row was slow.
   */
  private readonly readers: readonly { key: string; decode: (raw: unknown) => unknown }[];

  constructor(dialect: SqlDialect, collection: CollectionDefinition) {
    this.dialect = dialect;
    this.collection = collection;
    this.tables = collectionTables(collection);
    this.filterContext = { collection, dialect, tables: this.tables };
    this.readers = collection.attributes.map((attribute) => ({ key: attribute.key, decode: dialect.decoder(attribute) }));
    this.fulltextAttributes = collection.indexes.filter((index) => index.type === 'fulltext').map((index) => index.attributes[0] as string);
  }

  private readCondition(filter: ReadFilter): RawBuilder<SqlBool> | null {
    if (filter.kind === 'all') return null;
    if (filter.roles.length === 0) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`_seq in (select document from ${sql.table(this.tables.permissions)} where type = 'read' and role in (${sql.join(filter.roles)}))`;
  }

  private selection(select: string[] | null): RawBuilder<unknown> {
    const columns = ['_seq', '_uid', '_createdAt', '_updatedAt', '_permissions'];
    const attributes = select === null || select.includes('*') ? this.collection.attributes.map((attribute) => attribute.key) : select.filter((name) => !name.startsWith('$'));
    for (const name of attributes) {
      const resolved = requireAttribute(this.collection, name);
      if (!columns.includes(resolved.column)) columns.push(resolved.column);
    }
    return sql.join(columns.map((column) => sql.ref(column)));
  }

  private toDocument(row: Record<string, unknown>): StoredDocument {
    const data: Record<string, unknown> = {};
    for (const { key, decode } of this.readers) {
      if (Object.hasOwn(row, key)) data[key] = decode(row[key]);
    }
    return {
      sequence: Number(row['_seq']),
      id: row['_uid'] as string,
      createdAt: row['_createdAt'] as string,
      updatedAt: row['_updatedAt'] as string,
      permissions: JSON.parse(row['_permissions'] as string),
      data,
    };
  }

  /** The page of documents a plan asks for, plus the match count capped at COUNT_CAP. */
  async list(plan: QueryPlan, read: ReadFilter, options: { countTotal: boolean }): Promise<{ total: number; documents: StoredDocument[] }> {
    const statements = await this.listStatements(plan, read);
    const rows = await this.dialect.read<Record<string, unknown>>(statements.page.sql, statements.page.parameters);
    const documents = rows.map((row) => this.toDocument(row));
    if (plan.cursor?.direction === 'before') documents.reverse();
    const complete = plan.offset === 0 && !plan.cursor && documents.length < plan.limit;
    if (!options.countTotal || complete) return { total: options.countTotal ? documents.length : 0, documents };
    const counted = await this.dialect.read<{ total: number }>(statements.count.sql, statements.count.parameters);
    return { total: Number(counted[0]?.total ?? 0), documents };
  }

  /**
   * A list's page and count statements. Without a cursor they depend only on the plan and the read
   * roles, and the same lists are asked for again and again (every visit to a page): they are built
   * once and kept, since building and compiling them costs more than running them on a small page.
   */
  private async listStatements(plan: QueryPlan, read: ReadFilter): Promise<ListStatements> {
    if (plan.cursor) return this.buildListStatements(plan, read);
    const key = JSON.stringify([plan.filters, plan.orders, plan.limit, plan.offset, plan.select, read.kind === 'all' ? null : read.roles]);
    let statements = this.listCache.get(key);
    if (!statements) {
      statements = await this.buildListStatements(plan, read);
      remember(this.listCache, key, statements);
    }
    return statements;
  }

  private async buildListStatements(plan: QueryPlan, read: ReadFilter): Promise<ListStatements> {
    const readCondition = this.readCondition(read);
    const filterCondition = plan.filters.length ? compileFilters(this.filterContext, plan.filters) : null;
    const where = whereClause([filterCondition, readCondition]);
    const orders = plan.orders.map((order) => {
      const resolved = requireAttribute(this.collection, order.attribute);
      if (resolved.definition.array) throw new QueryError(`Invalid query: Cannot order by attribute "${order.attribute}" because it is an array.`);
      return { column: resolved.column, direction: order.direction };
    });
    if (!orders.some((order) => order.column === '_seq')) orders.push({ column: '_seq', direction: 'asc' });

    let keyset: RawBuilder<SqlBool> | null = null;
    const backwards = plan.cursor?.direction === 'before';
    if (plan.cursor) {
      const cursorRows = await sql<Record<string, unknown>>`select ${sql.join(orders.map((order) => sql.ref(order.column)))} from ${sql.table(this.tables.documents)} ${whereClause([sql<SqlBool>`_uid = ${plan.cursor.documentId}`, readCondition])}`.execute(this.dialect.db);
      const cursor = cursorRows.rows[0];
      if (!cursor) throw new AppwriteError('general_cursor_not_found', `Document '${plan.cursor.documentId}' for the 'cursor' value not found.`);
      keyset = this.keysetCondition(orders, cursor, backwards);
    }
    const orderSql = sql.join(
      orders.map((order) => {
        const ascending = (order.direction === 'asc') !== backwards;
        // Nulls sort as the smallest value on both engines (as in Appwrite's MariaDB). `_seq`, the
        // primary key, is never null: without a null placement PostgreSQL reads it in index order
        // instead of sorting every row past the cursor for each page.
        const nulls = order.column === '_seq' ? '' : ascending ? ' nulls first' : ' nulls last';
        return sql`${sql.ref(order.column)} ${sql.raw(`${ascending ? 'asc' : 'desc'}${nulls}`)}`;
      }),
    );
    const driving = this.drivingSearch(plan.filters);
    const page =
      driving !== null && orders.length === 1
        ? this.pageDrivenBySearch(plan, driving, [readCondition, keyset], (orders[0]!.direction === 'asc') !== backwards)
        : sql`select ${this.selection(plan.select)} from ${sql.table(this.tables.documents)} ${keyset ? whereClause([filterCondition, readCondition, keyset]) : where} order by ${orderSql} limit ${plan.limit} offset ${plan.offset}`;
    return { page: this.compiled(page), count: this.compiled(this.countStatement(where, driving, readCondition)) };
  }

  /** The statement's text and values alone (Kysely's compiled form also holds the tree it was built from). */
  private compiled(statement: RawBuilder<unknown>): CompiledQuery {
    const { sql: text, parameters } = statement.compile(this.dialect.db);
    return CompiledQuery.raw(text, [...parameters]);
  }

  /**
   * The full-text search among the plan's top-level filters, when the page is in sequence order
   * (the default): its matches come out of the full-text index in that order, so reading documents
   * as they match stops after one page. Filtering documents by a list of every match first would
   * collect all of them (tens of thousands for a common name) before the first row.
   */
  private drivingSearch(filters: readonly FilterQuery[]): DrivingSearch | null {
    const index = filters.findIndex((filter) => filter.kind === 'filter' && filter.method === 'search');
    const search = filters[index];
    if (!search || search.kind !== 'filter') return null;
    const terms = searchTerms(String(search.values[0] ?? ''));
    if (terms.length === 0 || !this.fulltextAttributes.includes(search.attribute)) return null;
    return { matches: this.dialect.fulltextMatches(this.tables.fulltext(search.attribute), terms), rest: filters.filter((_, position) => position !== index) };
  }

  private pageDrivenBySearch(plan: QueryPlan, driving: DrivingSearch, conditions: (RawBuilder<SqlBool> | null)[], ascending: boolean): RawBuilder<unknown> {
    const rest = driving.rest.length ? compileFilters(this.filterContext, driving.rest) : null;
    const direction = sql.raw(ascending ? 'asc' : 'desc');
    return sql`select ${this.selection(plan.select)} from ${this.matchedDocuments(driving)} ${whereClause([rest, ...conditions])} order by matched._match ${direction} limit ${plan.limit} offset ${plan.offset}`;
  }

  /** The documents a driving search matches, joined in the order the matches come. */
  private matchedDocuments(driving: DrivingSearch): RawBuilder<unknown> {
    return sql`(${driving.matches}) as matched ${sql.raw(this.dialect.fixedJoin)} ${sql.table(this.tables.documents)} on _seq = matched._match`;
  }

  private keysetCondition(orders: { column: string; direction: 'asc' | 'desc' }[], cursor: Record<string, unknown>, backwards: boolean): RawBuilder<SqlBool> {
    const alternatives: RawBuilder<SqlBool>[] = [];
    orders.forEach((order, position) => {
      const value = cursor[order.column];
      if (value === null || value === undefined) {
        throw new AppwriteError('database_query_order_null', `The order attribute "${order.column}" had a null value. Cursor pagination requires all documents order attribute values are non-null.`);
      }
      const equalities = orders.slice(0, position).map((previous) => sql<SqlBool>`${sql.ref(previous.column)} = ${cursor[previous.column]}`);
      const after = (order.direction === 'asc') !== backwards;
      const step = sql<SqlBool>`${sql.ref(order.column)} ${sql.raw(after ? '>' : '<')} ${value}`;
      alternatives.push(sql<SqlBool>`(${sql.join([...equalities, step], sql` and `)})`);
    });
    return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
  }

  /**
   * The match count, capped. A lone full-text search over readable rows is counted in the full-text
   * table alone (its rows live and die with their documents), which spares up to COUNT_CAP look-ups
   * in the documents table; a search among other filters is counted as its page is read, from the
   * matches, instead of from a list of all of them.
   */
  private countStatement(where: RawBuilder<unknown>, driving: DrivingSearch | null, readCondition: RawBuilder<SqlBool> | null): RawBuilder<unknown> {
    const capped = !driving
      ? sql`select 1 from ${sql.table(this.tables.documents)} ${where} limit ${COUNT_CAP}`
      : driving.rest.length === 0 && readCondition === null
        ? sql`${driving.matches} limit ${COUNT_CAP}`
        : sql`select 1 from ${this.matchedDocuments(driving)} ${whereClause([driving.rest.length ? compileFilters(this.filterContext, driving.rest) : null, readCondition])} limit ${COUNT_CAP}`;
    return sql`select count(*) as total from (${capped}) as capped`;
  }

  async get(id: string, read: ReadFilter, select: string[] | null = null): Promise<StoredDocument | undefined> {
    const parameters = read.kind === 'all' ? [id] : [id, ...read.roles];
    const rows = await this.dialect.read<Record<string, unknown>>(this.getStatement(select, read), parameters);
    const row = rows[0];
    return row ? this.toDocument(row) : undefined;
  }

  /**
   * The SQL of `get` for one select list and read shape, built once: its text depends only on those,
   * and building it costs more than running it. The parameters are the id, then the roles.
   */
  private getStatement(select: string[] | null, read: ReadFilter): string {
    const key = `${read.kind === 'all' ? 'all' : read.roles.length}|${select === null ? '' : JSON.stringify(select)}`;
    let text = this.getStatements.get(key);
    if (text === undefined) {
      const placeholderId = '';
      const compiled = sql`select ${this.selection(select)} from ${sql.table(this.tables.documents)} ${whereClause([sql<SqlBool>`_uid = ${placeholderId}`, this.readCondition(read)])}`.compile(this.dialect.db);
      const expected = read.kind === 'all' ? [placeholderId] : [placeholderId, ...read.roles];
      if (JSON.stringify(compiled.parameters) !== JSON.stringify(expected)) throw new Error('get: the statement does not take the id and then the roles');
      text = compiled.sql;
      remember(this.getStatements, key, text);
    }
    return text;
  }

  /**
   * The whole document, read in the caller's transaction before it writes the document, and kept
   * from other writers until that transaction ends: what it read stays the true "before".
   */
  async getForWrite(id: string, executor: Kysely<any>): Promise<StoredDocument | undefined> {
    const rows = await sql<Record<string, unknown>>`select ${this.selection(null)} from ${sql.table(this.tables.documents)} where _uid = ${id} ${sql.raw(this.dialect.rowLock)}`.execute(executor);
    const row = rows.rows[0];
    return row ? this.toDocument(row) : undefined;
  }

  private encodeData(data: Record<string, unknown>): Record<string, unknown> {
    const encoded: Record<string, unknown> = {};
    for (const attribute of this.collection.attributes) {
      if (Object.hasOwn(data, attribute.key)) encoded[attribute.key] = this.dialect.encode(attribute, data[attribute.key]);
    }
    return encoded;
  }

  private async writePermissions(db: Kysely<any>, sequence: number, permissions: Permission[]): Promise<void> {
    await db.deleteFrom(this.tables.permissions).where('document', '=', sequence).execute();
    if (permissions.length) {
      await db.insertInto(this.tables.permissions).values(permissions.map((permission) => ({ document: sequence, type: permission.action, role: permission.role }))).execute();
    }
  }

  private async writeFulltext(db: Kysely<any>, sequence: number, data: Record<string, unknown>, replace: boolean): Promise<void> {
    for (const attribute of this.fulltextAttributes) {
      if (!Object.hasOwn(data, attribute)) continue;
      const table = this.tables.fulltext(attribute);
      if (replace) await this.dialect.deleteFulltext(table, sequence).execute(db);
      const value = data[attribute];
      const text = typeof value === 'string' ? foldSearchText(value) : '';
      if (text) await this.dialect.insertFulltext(table, sequence, text).execute(db);
    }
  }

  private rethrowConflict(error: unknown): never {
    if (this.dialect.isUniqueViolation(error)) throw new AppwriteError('document_already_exists');
    throw error;
  }

  /** Runs `work` in the caller's transaction when one is given, else in a transaction of its own. */
  private inTransaction<T>(executor: Kysely<any> | undefined, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
    return executor ? work(executor) : this.dialect.db.transaction().execute(work);
  }

  /**
   * Inserts documents in one transaction; any failure leaves nothing written. `executor`: a
   * transaction the caller opened, so writes to several collections commit together.
   */
  async insert(documents: readonly NewDocument[], executor?: Kysely<any>): Promise<StoredDocument[]> {
    try {
      return await this.inTransaction(executor, async (trx) => {
        const stored: StoredDocument[] = [];
        for (const document of documents) {
          const permissions = JSON.stringify(document.permissions.map((permission) => `${permission.action}("${permission.role}")`));
          const row = await trx
            .insertInto(this.tables.documents)
            .values({ _uid: document.id, _createdAt: document.createdAt, _updatedAt: document.createdAt, _permissions: permissions, ...this.encodeData(document.data) })
            .returning('_seq')
            .executeTakeFirstOrThrow();
          const sequence = Number(row._seq);
          if (document.permissions.length) await this.writePermissions(trx, sequence, document.permissions);
          await this.writeFulltext(trx, sequence, document.data, false);
          stored.push({ sequence, id: document.id, createdAt: document.createdAt, updatedAt: document.createdAt, permissions: JSON.parse(permissions), data: document.data });
        }
        return stored;
      });
    } catch (error) {
      this.rethrowConflict(error);
    }
  }

  /** Applies a partial update (and optionally new permissions) atomically. */
  async update(sequence: number, data: Record<string, unknown>, permissions: Permission[] | undefined, updatedAt: string, executor?: Kysely<any>): Promise<void> {
    try {
      await this.inTransaction(executor, async (trx) => {
        const values: Record<string, unknown> = { _updatedAt: updatedAt, ...this.encodeData(data) };
        if (permissions) {
          values['_permissions'] = JSON.stringify(permissions.map((permission) => `${permission.action}("${permission.role}")`));
          await this.writePermissions(trx, sequence, permissions);
        }
        await trx.updateTable(this.tables.documents).set(values).where('_seq', '=', sequence).execute();
        await this.writeFulltext(trx, sequence, data, true);
      });
    } catch (error) {
      this.rethrowConflict(error);
    }
  }

  /**
   * Applies `changes` only while the document still holds every value in `expected`, in one
   * statement, so concurrent writers (and a process taking over from a dead one) cannot both win.
   * `expected` may also hold `$updatedAt`. False when the document no longer matches (or is gone).
   * `executor`: a transaction the caller opened (to write the change's event with it).
   */
  async updateIf(sequence: number, expected: Record<string, unknown>, changes: Record<string, unknown>, updatedAt?: string, executor?: Kysely<any>): Promise<boolean> {
    const { $updatedAt: expectedUpdatedAt, ...expectedAttributes } = expected;
    return this.inTransaction(executor, async (trx) => {
      let update = trx.updateTable(this.tables.documents).set({ ...(updatedAt ? { _updatedAt: updatedAt } : {}), ...this.encodeData(changes) }).where('_seq', '=', sequence);
      if (expectedUpdatedAt !== undefined) update = update.where('_updatedAt', '=', expectedUpdatedAt);
      for (const [attribute, value] of Object.entries(this.encodeData(expectedAttributes))) {
        update = value === null ? update.where(attribute, 'is', null) : update.where(attribute, '=', value);
      }
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await this.writeFulltext(trx, sequence, changes, true);
      return true;
    });
  }

  /** One attribute of each listed document that exists, by id (no permission filter: for housekeeping). */
  async valuesOf(ids: readonly string[], attribute: string): Promise<Map<string, unknown>> {
    if (ids.length === 0) return new Map();
    const definition = this.collection.attributes.find((candidate) => candidate.key === attribute);
    if (!definition) throw new Error(`no attribute ${attribute} in ${this.collection.$id}`);
    const rows = await this.dialect.db.selectFrom(this.tables.documents).select(['_uid', attribute]).where('_uid', 'in', [...ids]).execute();
    const decode = this.dialect.decoder(definition);
    return new Map(rows.map((row) => [row._uid as string, decode(row[attribute])]));
  }

  async delete(sequence: number, executor?: Kysely<any>): Promise<void> {
    await this.inTransaction(executor, async (trx) => {
      for (const attribute of this.fulltextAttributes) await this.dialect.deleteFulltext(this.tables.fulltext(attribute), sequence).execute(trx);
      await trx.deleteFrom(this.tables.permissions).where('document', '=', sequence).execute();
      await trx.deleteFrom(this.tables.documents).where('_seq', '=', sequence).execute();
    });
  }

  /** Every document, counted up to COUNT_CAP. */
  async countAll(): Promise<number> {
    const counted = await this.dialect.db.executeQuery<{ total: number }>(this.compiled(this.countStatement(sql``, null, null)));
    return Number(counted.rows[0]?.total ?? 0);
  }
}
