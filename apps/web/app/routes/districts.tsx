import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import { loadDistricts } from '../pages/districts/loader.server';
import * as districts from '../pages/districts/view';

export function loader({ request }: LoaderFunctionArgs) {
  return loadDistricts(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? districts.meta(data, metaContext(matches, location.pathname)) : []);

export default function DistrictsRoute() {
  return <districts.View data={useLoaderData<typeof loader>()} />;
}
