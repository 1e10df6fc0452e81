import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import type { VerifyResult } from '../pages/verify/types';
import { VerifyPage } from '../pages/verify/view';

/** `/verify`: confirms the e-mail address from the mail's link; a signed-in visitor can ask for another mail. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { verifyLoader } = await import('../pages/verify/loader.server');
  return verifyLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { verifyAction } = await import('../pages/verify/action.server');
  return verifyAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, 'account:verify.meta');

export default function VerifyRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <VerifyPage data={data} result={useActionData<typeof action>() as VerifyResult | undefined} />;
}
