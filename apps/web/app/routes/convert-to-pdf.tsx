import { useLoaderData, useActionData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { privateHeaders } from '../lib/account/route-helpers';
import { metaContext, pageMeta } from '../lib/seo';
import type { ConvertToPdfData } from '../pages/convert-to-pdf/loader.server';
import { ConvertToPdfPage } from '../pages/convert-to-pdf/view';

/** `/convertToPdf`: choose a list and a language, then follow the export until its PDF can be downloaded. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { convertToPdfLoader } = await import('../pages/convert-to-pdf/loader.server');
  return convertToPdfLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { convertToPdfAction } = await import('../pages/convert-to-pdf/action.server');
  return convertToPdfAction(request);
}

export const headers = privateHeaders;

export const meta: MetaFunction = ({ matches, location }) => {
  const context = metaContext(matches, location.pathname);
  return pageMeta(context, { title: context.t('export:meta.title'), description: context.t('export:meta.description', { siteName: context.siteName }) });
};

export default function ConvertToPdfRoute() {
  const loaded = useLoaderData<typeof loader>() as ConvertToPdfData;
  const acted = useActionData<typeof action>() as ConvertToPdfData | undefined;
  return <ConvertToPdfPage data={acted ?? loaded} />;
}
