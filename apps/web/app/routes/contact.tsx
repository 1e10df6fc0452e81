import { useActionData, type ActionFunctionArgs, type MetaFunction } from 'react-router';
import { metaContext, pageMeta } from '../lib/seo';
import type { ContactResult } from '../pages/contact/fields';
import { ContactPage } from '../pages/contact/view';

/** `/Contact`: a message to the editors, stored as a `contact_messages` document. */
export async function action({ request }: ActionFunctionArgs) {
  const { contactAction } = await import('../pages/contact/action.server');
  return contactAction(request);
}

export const meta: MetaFunction = ({ matches, location }) => {
  const context = metaContext(matches, location.pathname);
  return pageMeta(context, { title: context.t('contact:meta.title'), description: context.t('contact:meta.description', { siteName: context.siteName }) });
};

export default function ContactRoute() {
  return <ContactPage result={useActionData<typeof action>() as ContactResult | undefined} />;
}
