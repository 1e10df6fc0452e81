import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext, pageMeta } from '../lib/seo';
import { comparePath } from '../pages/compare/choices';
import { ComparePage } from '../pages/compare/view';
import '../pages/compare/print.css';

/** `/compare?ids=a,b`: two to four candidates side by side (issue 17, item 3). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadComparison } = await import('../pages/compare/loader.server');
  return loadComparison(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  // The canonical address keeps the ids the page shows: a comparison is its list of candidates.
  const context = metaContext(matches, data ? comparePath(data.columns.map((column) => column.id)) : location.pathname, data?.messages);
  const names = (data?.columns ?? []).map((column) => column.name);
  return pageMeta(context, {
    title: names.length >= 2 ? context.t('compare:meta.titleNames', { names: names.join(' · ') }) : context.t('compare:meta.title'),
    description: context.t('compare:meta.description'),
    // A comparison is any combination of candidates: their own pages are what search engines should index.
    noindex: true,
  });
};

export default function CompareRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <ComparePage data={data} />;
}
