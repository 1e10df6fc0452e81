import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import { loadSearchPage } from '../pages/search/loader.server';
import * as search from '../pages/search/view';

export function loader({ request }: LoaderFunctionArgs) {
  return loadSearchPage(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? search.meta(data, metaContext(matches, location.pathname)) : []);

export default function SearchRoute() {
  return <search.View data={useLoaderData<typeof loader>()} />;
}
