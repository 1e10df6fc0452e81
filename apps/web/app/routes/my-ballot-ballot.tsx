import { useLoaderData, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext } from '../lib/seo';
import { ballotMeta, BallotView } from '../pages/my-ballot/ballot-view';
import { loadBallot } from '../pages/my-ballot/ballot.server';

/** `/my-ballot/{area}` and `/my-ballot/{area}/{election}`: one place's ballot, shareable. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadBallot(request, params);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-cache' });

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? ballotMeta(data, metaContext(matches, location.pathname, data.messages)) : []);

export default function MyBallotBallotRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <BallotView data={data} />;
}
