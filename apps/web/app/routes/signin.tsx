import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import type { SigninResult } from '../pages/signin/types';
import { SigninPage } from '../pages/signin/view';

/** `/signin`: password, magic link, e-mail code, OAuth2, and the second-factor step (`?next=` to return). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { signinLoader } = await import('../pages/signin/loader.server');
  return signinLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { signinAction } = await import('../pages/signin/action.server');
  return signinAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, data?.step === 'secondFactor' ? 'account:mfa.meta' : 'account:signin.meta');

export default function SigninRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <SigninPage data={data} result={useActionData<typeof action>() as SigninResult | undefined} />;
}
