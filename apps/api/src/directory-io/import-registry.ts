import type { CollectionDefinition, IndexDefinition } from '../schema/project-schema.ts';
import { locationOf } from './import-rows.ts';

interface Seen {
  id: string;
  where: string;
}

interface CollectionRegistry {
  ids: Map<string, string>;
  /** Per unique index: the key of its values → the row holding them. */
  uniques: Map<string, Map<string, Seen>>;
  /** slug → $id, kept only for collections other rows refer to. */
  slugs: Map<string, string> | undefined;
}

export function uniqueIndexes(collection: CollectionDefinition): IndexDefinition[] {
  return collection.indexes.filter((index) => index.type === 'unique');
}

/**
 * The key of a record's values in a unique index; undefined when one of them is null (SQL lets
 * any number of rows hold null there).
 */
export function uniqueKey(index: IndexDefinition, values: Record<string, unknown>, id: string): string | undefined {
  const parts = index.attributes.map((attribute) => (attribute === '$id' ? id : values[attribute]));
  return parts.some((part) => part === null || part === undefined) ? undefined : JSON.stringify(parts);
}

/**
 * The rows an import has accepted so far (created, updated or unchanged), across all its files:
 * how a later row finds a duplicate within the import, and how a reference finds a record the
 * import creates before it is written (a dry run writes nothing).
 */
export class ImportRegistry {
  private readonly collections = new Map<string, CollectionRegistry>();
  private readonly referenced: ReadonlySet<string>;

  /** `referenced`: the collections other rows may refer to, whose slugs are kept. */
  constructor(referenced: Iterable<string>) {
    this.referenced = new Set(referenced);
  }

  private registryOf(collectionId: string): CollectionRegistry {
    let registry = this.collections.get(collectionId);
    if (!registry) {
      registry = { ids: new Map(), uniques: new Map(), slugs: this.referenced.has(collectionId) ? new Map() : undefined };
      this.collections.set(collectionId, registry);
    }
    return registry;
  }

  /** Where an earlier row of the import had this `$id`. */
  idSeenAt(collectionId: string, id: string): string | undefined {
    return this.collections.get(collectionId)?.ids.get(id);
  }

  /** The earlier row that holds these values of a unique index under another `$id`. */
  uniqueHolder(collectionId: string, index: IndexDefinition, key: string): Seen | undefined {
    return this.collections.get(collectionId)?.uniques.get(index.key)?.get(key);
  }

  hasId(collectionId: string, id: string): boolean {
    return this.collections.get(collectionId)?.ids.has(id) ?? false;
  }

  idOfSlug(collectionId: string, slug: string): string | undefined {
    return this.collections.get(collectionId)?.slugs?.get(slug);
  }

  accept(collection: CollectionDefinition, id: string, values: Record<string, unknown>, row: { line?: number; pointer?: string }): void {
    const registry = this.registryOf(collection.$id);
    const where = locationOf(row);
    registry.ids.set(id, where);
    for (const index of uniqueIndexes(collection)) {
      const key = uniqueKey(index, values, id);
      if (key === undefined) continue;
      let keys = registry.uniques.get(index.key);
      if (!keys) registry.uniques.set(index.key, (keys = new Map()));
      keys.set(key, { id, where });
    }
    if (registry.slugs && typeof values['slug'] === 'string') registry.slugs.set(values['slug'], id);
  }
}
