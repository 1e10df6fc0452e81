import { redirect, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { readForm } from '../lib/form-body.server';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext } from '../lib/seo';
import { finderMeta, FinderView } from '../pages/my-ballot/finder-view';
import { forgetPlace, loadFinder } from '../pages/my-ballot/finder.server';
import { MY_BALLOT_PATH } from '../pages/my-ballot/paths';

/** `/my-ballot`: find the voter's place by name, by the hierarchy, or by their location. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadFinder(request);
}

/** The one thing posted here is "change place". */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  return form.get('intent') === 'forget' ? forgetPlace() : redirect(MY_BALLOT_PATH);
}

export const headers: HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'private, no-cache' });

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? finderMeta(data, metaContext(matches, location.pathname, data.messages)) : []);

export default function MyBallotRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <FinderView data={data} />;
}
