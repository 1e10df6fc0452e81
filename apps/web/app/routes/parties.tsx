import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import * as parties from '../pages/parties/view';

/** `/political-parties` (seed §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadParties } = await import('../pages/parties/loader.server');
  return loadParties(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? parties.meta(data, metaContext(matches, location.pathname)) : []);

export default function PartiesRoute() {
  return <parties.View data={useLoaderData<typeof loader>()} />;
}
