import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import * as party from '../pages/party/view';

/** `/political-parties/{id}` (seed §2); a party's slug redirects to its id. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadParty } = await import('../pages/party/loader.server');
  return loadParty(request, params['party'] ?? '');
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? party.meta(data, metaContext(matches, location.pathname)) : []);

export default function PartyRoute() {
  return <party.View data={useLoaderData<typeof loader>()} />;
}
