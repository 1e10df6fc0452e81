import { GraphQLError, parse, specifiedRules, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { depthLimit, MAX_DEPTH } from './limits.ts';

/** A query text parsed and checked once: its document, or why it cannot run (syntax, validity, depth). */
export type PreparedDocument = { document: DocumentNode; errors: readonly GraphQLError[]; valid: boolean } | { document: null; errors: readonly GraphQLError[]; valid: false };

const CAPACITY = 500;
/** Longer texts are checked every time, so the cache stays small whatever clients send. */
const MAX_CACHED_LENGTH = 8_192;

/**
 * Clients send the same few query texts again and again; parsing and validating one costs about as
 * much as running it, so the outcome is kept per schema (least recently used out first).
 * Complexity is not kept: it depends on the variables. The schema never changes while
 * the server runs (it is built at start-up), so an entry never goes stale.
 */
export class DocumentCache {
  private readonly entries = new Map<string, PreparedDocument>();
  private readonly schema: GraphQLSchema;

  constructor(schema: GraphQLSchema) {
    this.schema = schema;
  }

  prepare(query: string, limits: boolean): PreparedDocument {
    if (query.length > MAX_CACHED_LENGTH) return this.check(query, limits);
    const key = `${limits ? 'limited' : 'open'}:${query}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const prepared = this.check(query, limits);
    this.entries.set(key, prepared);
    if (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    return prepared;
  }

  private check(query: string, limits: boolean): PreparedDocument {
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      if (error instanceof GraphQLError) return { document: null, errors: [error], valid: false };
      throw error;
    }
    const standard = validate(this.schema, document, specifiedRules);
    const depth = limits ? validate(this.schema, document, [depthLimit(MAX_DEPTH)]) : [];
    return { document, errors: [...standard, ...depth], valid: standard.length === 0 };
  }
}
