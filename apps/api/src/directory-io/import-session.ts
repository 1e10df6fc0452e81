import { isValidId, uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { formatPermission } from '@ballot-atlas/shared/appwrite/permission';
import { documentPermissions } from '../core/grants.ts';
import type { Identity } from '../core/context.ts';
import { AppwriteError } from '../core/errors.ts';
import type { Services } from '../core/services.ts';
import type { StoredDocument } from '../db/documents/stored-document.ts';
import type { AttributeDefinition, CollectionDefinition } from '../schema/project-schema.ts';
import { validateDocumentData } from '../schema/validate-document.ts';
import type { ImportWrite } from '../services/databases/documents-service.ts';
import { collectionDefinition, DIRECTORY_COLLECTIONS, DIRECTORY_DATABASE, referenceTarget, slugNamesRecords } from './directory-collections.ts';
import { ImportRegistry, uniqueIndexes, uniqueKey } from './import-registry.ts';
import { countOutcome, emptySummary, type ImportSummary, type IncomingRow, type RowOutcome } from './import-rows.ts';
import { ReferenceResolver } from './reference-resolver.ts';
import { findDocuments } from './stored-records.ts';

export const DEFAULT_BATCH_SIZE = 500;

export interface ImportOptions {
  /** false: a dry run, which reads and checks everything and writes nothing. */
  write: boolean;
  /** Rows per transaction. */
  batchSize?: number;
  /** Every row's outcome, in file order. */
  onRow?: (outcome: RowOutcome) => void;
  /** Who imports, named in the history and events (an editor in the console); the operator when absent. */
  by?: Identity;
  /** After each batch: rows handled so far. */
  onProgress?: (rowsDone: number) => void;
}

/** The values one row will hold, and how it got there, between the two phases of a batch. */
interface CheckedRow {
  row: IncomingRow;
  outcome: RowOutcome;
  existing: StoredDocument | undefined;
  values: Record<string, unknown>;
  /** What the record holds once written: the existing data with the row's values over it. */
  final: Record<string, unknown>;
  permissions: string[] | undefined;
}

function sameValue(attribute: AttributeDefinition | undefined, left: unknown, right: unknown): boolean {
  if (attribute?.array) return JSON.stringify(left ?? []) === JSON.stringify(right ?? []);
  return left === right;
}

function samePermissions(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((permission, index) => permission === right[index]);
}

function describeUnique(attributes: readonly string[], values: Record<string, unknown>): string {
  return attributes.map((attribute) => `${attribute} ${JSON.stringify(values[attribute])}`).join(', ');
}

/**
 * One import (a dry run or the write) over one or more files: rows are checked and written in
 * batches of one collection, each batch in one transaction through DocumentsService.importBatch
 * with the file's name as the changes' source. Re-importing what is already there finds every
 * row unchanged and writes nothing.
 */
export class ImportSession {
  private readonly services: Services;
  private readonly options: ImportOptions;
  private readonly registry = new ImportRegistry(DIRECTORY_COLLECTIONS);
  private readonly references: ReferenceResolver;
  readonly summary: ImportSummary = emptySummary();

  constructor(services: Services, options: ImportOptions) {
    this.services = services;
    this.options = options;
    this.references = new ReferenceResolver(services, this.registry);
  }

  /** Reads every row of one file and handles it in batches. */
  async importRows(file: string, rows: AsyncIterable<IncomingRow>): Promise<void> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let batch: IncomingRow[] = [];
    for await (const row of rows) {
      if (batch.length >= batchSize || (batch[0] && batch[0].collectionId !== row.collectionId)) {
        await this.handleBatch(file, batch);
        batch = [];
      }
      batch.push(row);
    }
    if (batch.length) await this.handleBatch(file, batch);
  }

  private report(outcome: RowOutcome): void {
    countOutcome(this.summary, outcome);
    this.options.onRow?.(outcome);
  }

  private async handleBatch(file: string, rows: readonly IncomingRow[]): Promise<void> {
    const collectionId = rows[0]!.collectionId;
    const collection = collectionDefinition(this.services.schema, collectionId);
    const outcomes = rows.map((row): RowOutcome => ({ file, collectionId, ...(row.line !== undefined ? { line: row.line } : {}), ...(row.pointer !== undefined ? { pointer: row.pointer } : {}), id: row.id, action: 'refused' }));
    if (!collection) {
      outcomes.forEach((outcome, index) => (outcome.reason = rows[index]!.problem ?? `no collection "${collectionId}" in the schema`));
      outcomes.forEach((outcome) => this.report(outcome));
      return;
    }
    const checked = await this.prepare(collection, rows, outcomes);
    const writes = await this.classify(collection, checked);
    if (this.options.write && writes.length) {
      await this.services.documents.importBatch({ databaseId: DIRECTORY_DATABASE, collectionId }, writes, { source: file, ...(this.options.by ? { by: this.options.by } : {}) });
    }
    outcomes.forEach((outcome) => this.report(outcome));
    this.options.onProgress?.(this.summary.rows);
  }

  /** Phase one, row by row and independent of each other: identity, references, validation. */
  private async prepare(collection: CollectionDefinition, rows: readonly IncomingRow[], outcomes: RowOutcome[]): Promise<CheckedRow[]> {
    const readable = rows.map((row, index) => {
      const outcome = outcomes[index]!;
      if (row.problem) outcome.reason = row.problem;
      else if (row.id !== null && !isValidId(row.id)) outcome.reason = `invalid $id ${JSON.stringify(row.id)}: at most 36 characters a-z, A-Z, 0-9, period, hyphen and underscore, not starting with one of the last three`;
      else if (row.id === null && !slugNamesRecords(collection)) outcome.reason = `no $id: every row of ${collection.$id} needs one (its records have no unique slug to be found by)`;
      else return { row, outcome };
      return undefined;
    }).filter((entry) => entry !== undefined);

    const byId = new Map((await findDocuments(this.services, collection.$id, '$id', readable.flatMap(({ row }) => (row.id ? [row.id] : [])))).map((document) => [document.id, document]));
    const slugsWithoutId = readable.flatMap(({ row }) => (row.id === null && typeof row.data['slug'] === 'string' ? [row.data['slug']] : []));
    const bySlug = new Map((await findDocuments(this.services, collection.$id, 'slug', slugsWithoutId)).map((document) => [document.data['slug'] as string, document]));
    await this.prefetchReferences(collection, readable.map(({ row }) => row));

    const checked: CheckedRow[] = [];
    for (const { row, outcome } of readable) {
      const existing = row.id !== null ? byId.get(row.id) : typeof row.data['slug'] === 'string' ? bySlug.get(row.data['slug']) : undefined;
      outcome.id = existing?.id ?? row.id ?? uniqueId();
      const data = { ...row.data };
      const unresolved = this.resolveReferences(collection, data);
      if (unresolved) {
        outcome.reason = unresolved;
        continue;
      }
      try {
        const values = validateDocumentData(collection, data, existing ? 'update' : 'create');
        const permissions = row.permissions === undefined ? undefined : documentPermissions(row.permissions).map(formatPermission);
        checked.push({ row, outcome, existing, values, final: existing ? { ...existing.data, ...values } : values, permissions });
      } catch (error) {
        if (!(error instanceof AppwriteError)) throw error;
        outcome.reason = error.message;
      }
    }
    return checked;
  }

  private async prefetchReferences(collection: CollectionDefinition, rows: readonly IncomingRow[]): Promise<void> {
    const wanted = new Map<string, Set<string>>();
    for (const row of rows) {
      for (const [key, value] of Object.entries(row.data)) {
        const target = referenceTarget(collection, key);
        if (!target || typeof value !== 'string' || value === '') continue;
        let values = wanted.get(target);
        if (!values) wanted.set(target, (values = new Set()));
        values.add(value);
      }
    }
    for (const [target, values] of wanted) await this.references.prefetch(target, values);
  }

  /** Replaces each reference (a `$id` or a slug) by the `$id`; the reason when one names no record. */
  private resolveReferences(collection: CollectionDefinition, data: Record<string, unknown>): string | undefined {
    for (const attribute of collection.attributes) {
      const target = referenceTarget(collection, attribute.key);
      const value = data[attribute.key];
      if (!target || typeof value !== 'string') continue;
      if (value === '') {
        if (attribute.required) return `unknown reference: ${attribute.key} is empty, and it must name one of ${target} (by $id or slug)`;
        continue;
      }
      const id = this.references.resolve(target, value);
      if (id === undefined) return `unknown reference: ${attribute.key} ${JSON.stringify(value)} is neither the $id nor the slug of one of ${target}`;
      data[attribute.key] = id;
    }
    return undefined;
  }

  /**
   * Phase two, in file order: duplicates within the import, unique-index conflicts with the
   * database, and what changes. Returns the writes; every accepted row joins the registry.
   */
  private async classify(collection: CollectionDefinition, checked: readonly CheckedRow[]): Promise<ImportWrite[]> {
    const indexes = uniqueIndexes(collection);
    const holders = new Map<string, StoredDocument[]>();
    for (const index of indexes) {
      const first = index.attributes[0]!;
      const values = checked.flatMap(({ final }) => (typeof final[first] === 'string' ? [final[first]] : []));
      holders.set(index.key, first === '$id' ? [] : await findDocuments(this.services, collection.$id, first, values));
    }
    const attributes = new Map(collection.attributes.map((attribute) => [attribute.key, attribute]));
    const writes: ImportWrite[] = [];
    for (const { outcome, existing, values, final, permissions, row } of checked) {
      const id = outcome.id!;
      const seenAt = this.registry.idSeenAt(collection.$id, id);
      if (seenAt) {
        outcome.reason = `duplicate: $id ${JSON.stringify(id)} is also on ${seenAt}`;
        continue;
      }
      const conflict = this.uniqueConflict(collection, indexes, holders, id, final);
      if (conflict) {
        outcome.reason = conflict;
        continue;
      }
      this.registry.accept(collection, id, final, row);
      if (!existing) {
        outcome.action = 'create';
        writes.push({ kind: 'create', id, data: values, ...(permissions ? { permissions } : {}) });
        continue;
      }
      const changed = Object.keys(values).filter((key) => !sameValue(attributes.get(key), values[key], existing.data[key]));
      const permissionsChange = permissions !== undefined && !samePermissions(permissions, existing.permissions);
      if (permissionsChange) changed.push('$permissions');
      if (changed.length === 0) {
        outcome.action = 'unchanged';
        continue;
      }
      outcome.action = 'update';
      outcome.changed = changed;
      const data = Object.fromEntries(changed.filter((key) => key !== '$permissions').map((key) => [key, values[key]]));
      writes.push({ kind: 'update', id, data, ...(permissionsChange ? { permissions } : {}) });
    }
    return writes;
  }

  private uniqueConflict(collection: CollectionDefinition, indexes: ReturnType<typeof uniqueIndexes>, holders: Map<string, StoredDocument[]>, id: string, final: Record<string, unknown>): string | undefined {
    for (const index of indexes) {
      const key = uniqueKey(index, final, id);
      if (key === undefined) continue;
      const earlier = this.registry.uniqueHolder(collection.$id, index, key);
      if (earlier && earlier.id !== id) return `duplicate: ${describeUnique(index.attributes, final)} is also on ${earlier.where}`;
      const holder = holders.get(index.key)!.find((document) => document.id !== id && uniqueKey(index, document.data, document.id) === key);
      if (holder) return `unique index ${index.key}: ${describeUnique(index.attributes, final)} already belongs to ${collection.$id} ${JSON.stringify(holder.id)}`;
    }
    return undefined;
  }
}
