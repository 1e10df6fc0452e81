import {
  GraphQLError, Kind, getNamedType, isObjectType, valueFromASTUntyped,
  type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type GraphQLNamedType, type SelectionSetNode, type ValidationContext, type ValidationRule,
} from 'graphql';
import type { FieldCostExtension } from './schema.ts';

/** Appwrite's defaults: _APP_GRAPHQL_MAX_BATCH_SIZE, _APP_GRAPHQL_MAX_COMPLEXITY, _APP_GRAPHQL_MAX_DEPTH. */
export const MAX_BATCH_SIZE = 10;
export const MAX_COMPLEXITY = 250;
export const MAX_DEPTH = 3;
/** Appwrite's APP_LIMIT_LIST_DEFAULT: the page a list returns without a `limit` query. */
const DEFAULT_PAGE = 25;

type Fragments = (name: string) => FragmentDefinitionNode | null | undefined;

/** How deep fields with sub-selections nest, counted as graphql-php's QueryDepth does (the top level is 0). */
function selectionDepth(selectionSet: SelectionSetNode, depth: number, deepest: number, fragments: Fragments, entered: ReadonlySet<string>): number {
  let result = deepest;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!selection.selectionSet) continue;
      result = selectionDepth(selection.selectionSet, depth + 1, Math.max(result, depth), fragments, entered);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      result = selectionDepth(selection.selectionSet, depth, result, fragments, entered);
    } else {
      const name = selection.name.value;
      const fragment = fragments(name);
      if (fragment && !entered.has(name)) result = selectionDepth(fragment.selectionSet, depth, result, fragments, new Set([...entered, name]));
    }
  }
  return result;
}

export function depthLimit(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition: {
      leave(operation) {
        const depth = selectionDepth(operation.selectionSet, 0, 0, (name) => context.getFragment(name), new Set());
        if (depth > max) context.reportError(new GraphQLError(`Max query depth should be ${max} but got ${depth}.`));
      },
    },
  });
}

/** The page size a `queries` argument asks for: its `limit` query, else Appwrite's default. */
function pageSize(field: FieldNode, variables: Record<string, unknown>): number {
  const argument = field.arguments?.find((candidate) => candidate.name.value === 'queries');
  const queries = argument ? valueFromASTUntyped(argument.value, variables) : undefined;
  for (const query of Array.isArray(queries) ? queries : []) {
    try {
      const parsed = JSON.parse(String(query)) as { method?: unknown; values?: unknown[] };
      if (parsed.method === 'limit' && typeof parsed.values?.[0] === 'number') return parsed.values[0];
    } catch {
      // The route itself refuses a malformed query; it does not count here.
    }
  }
  return DEFAULT_PAGE;
}

/**
 * graphql-php's QueryComplexity with Appwrite's cost: a field costs 1 plus its children, and a
 * field that lists a page costs its children times the page size.
 */
function selectionCost(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, context: ValidationContext, variables: Record<string, unknown>, entered: ReadonlySet<string>): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const definition = parent && isObjectType(parent) ? parent.getFields()[selection.name.value] : undefined;
      const childType = definition ? getNamedType(definition.type) : undefined;
      const children = selection.selectionSet ? selectionCost(selection.selectionSet, childType, context, variables, entered) : 0;
      const listsPage = (definition?.extensions as FieldCostExtension | undefined)?.listsPage === true;
      cost += listsPage ? children * pageSize(selection, variables) : children + 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition ? context.getSchema().getType(selection.typeCondition.name.value) : parent;
      cost += selectionCost(selection.selectionSet, condition ?? undefined, context, variables, entered);
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      if (!fragment || entered.has(name)) continue;
      const condition = context.getSchema().getType(fragment.typeCondition.name.value);
      cost += selectionCost(fragment.selectionSet, condition ?? undefined, context, variables, new Set([...entered, name]));
    }
  }
  return cost;
}

export function complexityLimit(max: number, variables: Record<string, unknown>): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition: {
      leave(operation) {
        const root = operation.operation === 'mutation' ? context.getSchema().getMutationType() : operation.operation === 'subscription' ? context.getSchema().getSubscriptionType() : context.getSchema().getQueryType();
        const cost = selectionCost(operation.selectionSet, root ?? undefined, context, variables, new Set());
        if (cost > max) context.reportError(new GraphQLError(`Max query complexity should be ${max} but got ${cost}.`));
      },
    },
  });
}
