import { useActionData, useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import type { SignupResult } from '../pages/signup/types';
import { SignupPage } from '../pages/signup/view';

/** `/signup`: name, e-mail and password; then signed in, with a verification mail on its way. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { signupLoader } = await import('../pages/signup/loader.server');
  return signupLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { signupAction } = await import('../pages/signup/action.server');
  return signupAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, 'account:signup.meta');

export default function SignupRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <SignupPage data={data} result={useActionData<typeof action>() as SignupResult | undefined} />;
}
