import { useLoaderData, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { accountMeta, privateHeaders } from '../lib/account/route-helpers';
import { useRouteMessages } from '../lib/route-messages';
import { ProfilePage } from '../pages/profile/view';

/** `/activeUserProfile` (seed §2): the signed-in account; guests are sent to sign in and back. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { profileLoader } = await import('../pages/profile/loader.server');
  return profileLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { profileAction } = await import('../pages/profile/action.server');
  return profileAction(request);
}

export const headers: HeadersFunction = privateHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => accountMeta(data?.messages, matches, location.pathname, 'profile:meta');

export default function ProfileRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <ProfilePage data={data} />;
}
