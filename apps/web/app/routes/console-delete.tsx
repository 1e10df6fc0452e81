import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { SaveProblem } from '../lib/console/api-errors';
import { consoleMeta } from '../lib/console/route-helpers';
import { DeletePage } from '../pages/console/delete/view';

/** `/ieiwrhiwrhwiehhweiwieewewe/{collection}/{id}/delete`: "Delete …?", asked before a record goes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { deleteLoader } = await import('../pages/console/delete/loader.server');
  return deleteLoader(request, params['collection'], params['documentId'] ?? '');
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { deleteAction } = await import('../pages/console/delete/loader.server');
  return deleteAction(request, params['collection'], params['documentId'] ?? '');
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  consoleMeta(matches, location.pathname, (t) => (data ? t('console:delete.question', { title: data.title }) : ''));

export default function ConsoleDeleteRoute() {
  return <DeletePage data={useLoaderData<typeof loader>()} problem={useActionData<{ problem: SaveProblem }>()?.problem} />;
}
