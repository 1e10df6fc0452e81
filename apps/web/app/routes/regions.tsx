import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import { loadRegions } from '../pages/regions/loader.server';
import * as regions from '../pages/regions/view';

export function loader({ request }: LoaderFunctionArgs) {
  return loadRegions(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? regions.meta(data, metaContext(matches, location.pathname)) : []);

export default function RegionsRoute() {
  return <regions.View data={useLoaderData<typeof loader>()} />;
}
