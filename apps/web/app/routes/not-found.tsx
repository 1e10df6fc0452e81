import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { UnmatchedPathPage, unmatchedPathMeta } from '../components/not-found-page';
import { editorPageHeaders } from '../lib/console/editor-headers';

/**
 * Every address no other route serves: the non-fatal 404 (seed §2). The editors' console has no
 * routes of its own, so that the public route table never names it: its pages are found here, for
 * editors only (lib/console/unmatched-path.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { unmatchedPathLoader } = await import('../lib/console/unmatched-path.server');
  return unmatchedPathLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { unmatchedPathAction } = await import('../lib/console/unmatched-path.server');
  return unmatchedPathAction(request);
}

export const headers = editorPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => unmatchedPathMeta(data, matches);

export default function NotFound() {
  return <UnmatchedPathPage data={useLoaderData<typeof loader>()} />;
}
