import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import type { InviteResult } from '../pages/invite/types';
import { InvitePage } from '../pages/invite/view';

/** `/invite`: a team invitation from its mailed link; accept (signing in on the way) or decline. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { inviteLoader } = await import('../pages/invite/loader.server');
  return inviteLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { inviteAction } = await import('../pages/invite/action.server');
  return inviteAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, 'team:invite.meta');

export default function InviteRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <InvitePage data={data} result={useActionData<typeof action>() as InviteResult | undefined} />;
}
