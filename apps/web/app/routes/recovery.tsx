import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import type { RecoveryResult } from '../pages/recovery/types';
import { RecoveryPage } from '../pages/recovery/view';

/** `/recovery`: a password reset link by mail; the link comes back here for the new password. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { recoveryLoader } = await import('../pages/recovery/loader.server');
  return recoveryLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { recoveryAction } = await import('../pages/recovery/action.server');
  return recoveryAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, 'account:recovery.meta');

export default function RecoveryRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <RecoveryPage data={data} result={useActionData<typeof action>() as RecoveryResult | undefined} />;
}
