import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { consoleMeta } from '../lib/console/route-helpers';
import { DashboardPage } from '../pages/console/dashboard/view';

/** `/ieiwrhiwrhwiehhweiwieewewe`: the editors' console (inside the console shell, which admits editors only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { dashboardLoader } = await import('../pages/console/dashboard/loader.server');
  return dashboardLoader(request);
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) => consoleMeta(matches, location.pathname, (t) => t('console:dashboard.title'));

export default function ConsoleDashboardRoute() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
