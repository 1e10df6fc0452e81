import { data, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { NotFoundPage, notFoundMeta } from '../components/not-found-page';
import { decodeSafely } from '../lib/not-found.server';

/** Non-fatal 404 (seed §2): the layout stays, with "Page not found: {path}". */
export function loader({ request }: LoaderFunctionArgs) {
  const path = decodeSafely(new URL(request.url).pathname);
  return data({ path }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => notFoundMeta(loaded?.path ?? '', matches);

export default function NotFound() {
  return <NotFoundPage path={useLoaderData<typeof loader>().path} />;
}
