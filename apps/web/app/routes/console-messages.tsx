import { data as respond, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { useRouteMessages } from '../lib/route-messages';
import { metaContext } from '../lib/seo';
import { MessageListPage } from '../pages/console/messages/list-view';
import { MessagePage } from '../pages/console/messages/message-view';
import type { MessageResult } from '../pages/console/messages/types';

/**
 * `/…/messages` (the list) and `/…/messages/:messageId` (one message), inside the console shell,
 * whose boundary and headers they share: non-editors get the ordinary 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { messageListLoader, messageLoader } = await import('../pages/console/messages/loader.server');
  return params['messageId'] ? messageLoader(request, params['messageId']) : messageListLoader(request);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const messageId = params['messageId'];
  if (!messageId) return respond({ message: 'Method Not Allowed' }, { status: 405 });
  const { messageAction } = await import('../pages/console/messages/action.server');
  return messageAction(request, messageId);
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const context = metaContext(matches, location.pathname, data?.messages ?? []);
  const title = data?.page === 'message' ? data.message.subject : context.t('team:messages.title');
  return [{ title: `${title} | ${context.siteName}` }, { name: 'robots', content: 'noindex' }];
};

export default function ConsoleMessagesRoute() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as MessageResult | undefined;
  useRouteMessages(data.messages);
  return data.page === 'message' ? <MessagePage data={data} result={result} /> : <MessageListPage data={data} />;
}
