import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext, pageMeta } from '../lib/seo';
import { canonicalComparePath } from '../pages/compare/choices';
import { ComparePage } from '../pages/compare/view';
import '../pages/compare/print.css';

/** `/compare?ids=a,b`: two to four candidates side by side (issue 17, item 3). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadComparison } = await import('../pages/compare/loader.server');
  return loadComparison(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  // A comparison is its set of candidates: the canonical address names the ids the page shows, sorted.
  const context = metaContext(matches, data ? canonicalComparePath(data.columns.map((column) => column.id)) : location.pathname, data?.messages);
  const names = (data?.columns ?? []).map((column) => column.name);
  return pageMeta(context, {
    title: names.length >= 2 ? context.t('compare:meta.titleNames', { names: names.join(' · ') }) : context.t('compare:meta.title'),
    description: context.t('compare:meta.description'),
    // Indexed as a page of its own when it compares: one candidate is their own page's duplicate, and a
    // link naming candidates that are not shown is not the comparison it claims to be.
    noindex: data ? data.columns.length === 1 || data.notShown > 0 || data.beyondLimit > 0 : true,
  });
};

export default function CompareRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <ComparePage data={data} />;
}
