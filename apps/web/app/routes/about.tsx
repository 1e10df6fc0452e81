import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext } from '../lib/seo';
import { loadContent } from '../pages/content/loader.server';
import * as content from '../pages/content/view';

/** /About, /PrivacyPolicy and /TermsAndConditions (route ids about, privacy, terms): one `pages` document each. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadContent(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? content.meta(data, metaContext(matches, location.pathname)) : []);

export default function ContentRoute() {
  return <content.View data={useLoaderData<typeof loader>()} />;
}
