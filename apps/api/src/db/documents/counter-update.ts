import { sql, type Kysely } from 'kysely';
import type { AttributeDefinition, CollectionDefinition } from '../../schema/project-schema.ts';
import { collectionTables } from '../physical-names.ts';

/** A signed step for one numeric attribute, and the bound its new value may not pass. */
export interface CounterStep {
  attribute: AttributeDefinition;
  /** Positive to increment, negative to decrement. */
  delta: number;
  /** `max`: the new value may not exceed it; `min`: may not fall below it. */
  bound?: { kind: 'max' | 'min'; value: number };
}

/**
 * An integer column compares with an integer bound only (PostgreSQL types the parameter as the
 * column's BIGINT); rounding it inwards keeps the same answer for every integer value.
 */
function boundFor(step: CounterStep): number | undefined {
  const { bound, attribute } = step;
  if (!bound) return undefined;
  if (attribute.type !== 'integer') return bound.value;
  return bound.kind === 'max' ? Math.floor(bound.value) : Math.ceil(bound.value);
}

/**
 * Adds `step.delta` to the attribute of one document in a single UPDATE whose WHERE also checks
 * the bound, so concurrent steps are all counted and none can pass the bound. A null value counts
 * as 0. False when the bound would be passed (nothing is written then).
 */
export async function stepAttribute(executor: Kysely<any>, collection: CollectionDefinition, sequence: number, step: CounterStep, updatedAt: string): Promise<boolean> {
  const table = collectionTables(collection).documents;
  const current = sql`coalesce(${sql.ref(step.attribute.key)}, 0)`;
  const bound = boundFor(step);
  const boundCheck =
    bound === undefined ? sql`` : step.bound!.kind === 'max' ? sql` and ${current} + ${step.delta} <= ${bound}` : sql` and ${current} + ${step.delta} >= ${bound}`;
  const result = await sql`update ${sql.table(table)} set ${sql.ref(step.attribute.key)} = ${current} + ${step.delta}, ${sql.ref('_updatedAt')} = ${updatedAt} where ${sql.ref('_seq')} = ${sequence}${boundCheck}`.execute(executor);
  return Number(result.numAffectedRows ?? 0) > 0;
}
