import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { consoleMeta } from '../lib/console/route-helpers';
import { RecordPage, type RecordActionData } from '../pages/console/record/view';

/**
 * `/ieiwrhiwrhwiehhweiwieewewe/{collection}/{id}` (a record's form) and `…/{collection}/new`
 * (routes.ts gives the latter its own route id; there `documentId` is absent).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { recordLoader } = await import('../pages/console/record/loader.server');
  return recordLoader(request, params['collection'], params['documentId'] ?? null);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { recordAction } = await import('../pages/console/record/action.server');
  return recordAction(request, params['collection'], params['documentId'] ?? null);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  consoleMeta(matches, location.pathname, (t) => (data ? (data.title ?? t(`console:collections.${data.collection}.new`)) : ''));

export default function ConsoleRecordRoute() {
  return <RecordPage data={useLoaderData<typeof loader>()} action={useActionData<RecordActionData>()} />;
}
