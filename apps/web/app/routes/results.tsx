import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import * as results from '../pages/results/view';

/** `/results/{election}/{office}/{place}`: one race's results, live on election night. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadResults } = await import('../pages/results/loader.server');
  return loadResults(request, { election: params['election'] ?? '', office: params['office'] ?? '', place: params['place'] ?? '' });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? results.meta(data, metaContext(matches, location.pathname)) : []);

export default function ResultsRoute() {
  const data = useLoaderData<typeof loader>();
  return <results.View key={data.canonical} data={data} />;
}
