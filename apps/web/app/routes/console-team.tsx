import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext } from '../lib/seo';
import type { TeamResult } from '../pages/console/team/types';
import { TeamPage } from '../pages/console/team/view';

/** `/…/team`: the editors' team, inside the console shell, whose boundary and headers it shares. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { teamLoader } = await import('../pages/console/team/loader.server');
  return teamLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { teamAction } = await import('../pages/console/team/action.server');
  return teamAction(request);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const context = metaContext(matches, location.pathname, data?.messages ?? []);
  return [{ title: `${context.t('team:team.title')} | ${context.siteName}` }, { name: 'robots', content: 'noindex' }];
};

export default function ConsoleTeamRoute() {
  const data = useLoaderData<typeof loader>();
  useRouteMessages(data.messages);
  return <TeamPage data={data} result={useActionData<typeof action>() as TeamResult | undefined} />;
}
