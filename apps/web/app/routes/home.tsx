import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import { loadHome } from '../pages/home/loader.server';
import * as home from '../pages/home/view';

export function loader({ request }: LoaderFunctionArgs) {
  return loadHome(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? home.meta(data, metaContext(matches, location.pathname)) : []);

export default function HomeRoute() {
  return <home.View data={useLoaderData<typeof loader>()} />;
}
