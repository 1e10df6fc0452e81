import type { ParamShape } from '../../core/params.ts';
import type { ExpensiveWork, ResponseSpec, RouteDefinition } from '../../core/route.ts';
import type { DocumentModel } from '../databases/document-model.ts';
import { toRowList, toRowModel } from './row-model.ts';
import { asRowError, inRowWords, ROW_PARAM_NAMES, rowModelName, rowPath, rowRouteId } from './row-vocabulary.ts';

type Values = Record<string, unknown>;

const DOCUMENT_PARAM_NAMES: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(ROW_PARAM_NAMES).map(([document, row]) => [row, document]));

function renameKeys<T>(record: Readonly<Record<string, T>>, names: Readonly<Record<string, string>>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [names[name] ?? name, value]));
}

function rowParams(params: ParamShape): ParamShape {
  const renamed = renameKeys(params, ROW_PARAM_NAMES);
  return Object.fromEntries(Object.entries(renamed).map(([name, definition]) => [name, { ...definition, description: inRowWords(definition.description) }]));
}

function rowResponse(response: ResponseSpec): ResponseSpec {
  return 'model' in response ? { ...response, model: rowModelName(response.model) } : response;
}

/** What the document route answered, as a row (or a row list); other answers (204) pass unchanged. */
function rowOutput(response: ResponseSpec, output: unknown): unknown {
  if (!('model' in response)) return output;
  if (response.model === 'Document') return toRowModel(output as DocumentModel);
  if (response.model === 'DocumentList') return toRowList(output as { total: number; documents: DocumentModel[] });
  return output;
}

function rowExpensive(work: ExpensiveWork | undefined): { expensive?: ExpensiveWork } {
  if (!work) return {};
  const { when } = work;
  return { expensive: when ? { ...work, when: (params) => when(renameKeys(params as Values, DOCUMENT_PARAM_NAMES) as never) } : work };
}

/**
 * The TablesDB twin of a document route: the same handler, permissions, limits and params, under
 * the row path, id, parameter names, model and error types. Deriving the twin keeps one
 * declaration per endpoint, so a param added to a document route (e.g. `transactionId`) reaches
 * its row route too.
 */
export function rowRouteOf(route: RouteDefinition): RouteDefinition {
  const { aliases, expensive, ...shared } = route;
  return {
    ...shared,
    ...(aliases ? { aliases: aliases.map(rowPath) } : {}),
    ...rowExpensive(expensive),
    id: rowRouteId(route.id),
    path: rowPath(route.path),
    summary: inRowWords(route.summary),
    params: rowParams(route.params),
    response: rowResponse(route.response),
    async handler(input) {
      const params = renameKeys(input.params as Values, DOCUMENT_PARAM_NAMES);
      try {
        return rowOutput(route.response, await route.handler({ ...input, params: params as never }));
      } catch (error) {
        throw asRowError(error);
      }
    },
  };
}
