import type { Services } from '../core/services.ts';
import type { ImportRegistry } from './import-registry.ts';
import { findDocuments } from './stored-records.ts';

interface Found {
  id: string;
  /** Whether the value is the record's `$id` (rather than its slug). */
  byId: boolean;
}

/**
 * Turns a reference given as a `$id` or a slug into the `$id`, looking at the rows the import
 * accepted before (which a dry run has not written) and at the database. An `$id` wins over a
 * slug. Database answers are cached per value: references repeat (every candidate names a party).
 */
export class ReferenceResolver {
  private readonly services: Services;
  private readonly registry: ImportRegistry;
  private readonly cache = new Map<string, Map<string, Found | null>>();

  constructor(services: Services, registry: ImportRegistry) {
    this.services = services;
    this.registry = registry;
  }

  private cacheOf(collectionId: string): Map<string, Found | null> {
    let cache = this.cache.get(collectionId);
    if (!cache) this.cache.set(collectionId, (cache = new Map()));
    return cache;
  }

  /** Looks up, in two queries, the values of `collectionId` that neither the import nor the cache knows yet. */
  async prefetch(collectionId: string, values: Iterable<string>): Promise<void> {
    const cache = this.cacheOf(collectionId);
    const missing = new Set<string>();
    for (const value of values) if (!cache.has(value) && !this.registry.hasId(collectionId, value)) missing.add(value);
    if (missing.size === 0) return;
    for (const document of await findDocuments(this.services, collectionId, '$id', missing)) {
      cache.set(document.id, { id: document.id, byId: true });
      missing.delete(document.id);
    }
    for (const document of await findDocuments(this.services, collectionId, 'slug', missing)) {
      const slug = document.data['slug'];
      if (typeof slug === 'string' && missing.delete(slug)) cache.set(slug, { id: document.id, byId: false });
    }
    for (const value of missing) cache.set(value, null);
  }

  /** The `$id` a (prefetched) reference stands for, or undefined when no record has it as `$id` or slug. */
  resolve(collectionId: string, value: string): string | undefined {
    if (this.registry.hasId(collectionId, value)) return value;
    const found = this.cacheOf(collectionId).get(value);
    if (found?.byId) return found.id;
    return this.registry.idOfSlug(collectionId, value) ?? found?.id;
  }
}
