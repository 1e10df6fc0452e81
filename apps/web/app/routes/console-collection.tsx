import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { consoleMeta } from '../lib/console/route-helpers';
import { CollectionPage } from '../pages/console/collection/view';

/** `/ieiwrhiwrhwiehhweiwieewewe/{collection}`: a collection's records, searchable, sortable, paginated. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { collectionLoader } = await import('../pages/console/collection/loader.server');
  return collectionLoader(request, params['collection']);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  consoleMeta(matches, location.pathname, (t) => (data ? t(`console:collections.${data.collection}.plural`) : ''));

export default function ConsoleCollectionRoute() {
  return <CollectionPage data={useLoaderData<typeof loader>()} />;
}
