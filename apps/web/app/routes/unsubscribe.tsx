import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import type { UnsubscribeResult } from '../pages/unsubscribe/types';
import { UnsubscribePage } from '../pages/unsubscribe/view';

/** `/unsubscribe?token=…`: the link in every update mail, and its RFC 8058 one-click POST. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { unsubscribeLoader } = await import('../pages/unsubscribe/loader.server');
  return unsubscribeLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { unsubscribeAction } = await import('../pages/unsubscribe/action.server');
  return unsubscribeAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, 'profile:unsubscribe.meta');

export default function UnsubscribeRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <UnsubscribePage data={data} result={useActionData<typeof action>() as UnsubscribeResult | undefined} />;
}
