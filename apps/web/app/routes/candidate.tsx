import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import * as candidate from '../pages/candidate/view';

/** `/candidate/{id}-from-{loc}` (seed §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { loadCandidate } = await import('../pages/candidate/loader.server');
  return loadCandidate(request, params['candidateRef'] ?? '');
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? candidate.meta(data, metaContext(matches, location.pathname)) : [];

export default function CandidateRoute() {
  return <candidate.View data={useLoaderData<typeof loader>()} />;
}
