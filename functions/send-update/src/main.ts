import { AppwriteException, Client, ID, Messaging } from 'node-appwrite';
import { parseUpdateRequest, RequestError } from './update-request.ts';

interface Context {
  req: { readonly bodyJson: unknown; headers: Record<string, string | undefined> };
  res: { json(body: unknown, statusCode?: number): unknown };
  log(message: unknown): void;
  error(message: unknown): void;
}

/**
 * Run by an editor (execute `team:editors`) from the console's "Send an update" page: checks the
 * request and hands the message to Messaging for every subscriber of the topic. The body's
 * translations go along as the server's `translations` extension, so the SDK's createEmail
 * (which does not know it) is called through `client.call`.
 */
export default async ({ req, res, log, error }: Context) => {
  let request;
  try {
    request = parseUpdateRequest(req.bodyJson);
  } catch (cause) {
    if (cause instanceof RequestError) return res.json({ message: cause.message }, 400);
    throw cause;
  }
  const endpoint = process.env['APPWRITE_FUNCTION_API_ENDPOINT']!;
  const project = process.env['APPWRITE_FUNCTION_PROJECT_ID']!;
  const client = new Client().setEndpoint(endpoint).setProject(project).setKey(req.headers['x-appwrite-key'] ?? '');
  try {
    await new Messaging(client).getTopic({ topicId: request.topicId });
  } catch (cause) {
    if (cause instanceof AppwriteException && cause.type === 'topic_not_found') return res.json({ message: `There is no topic "${request.topicId}".` }, 400);
    throw cause;
  }
  const messageId = ID.unique();
  try {
    await client.call('post', new URL(`${endpoint}/messaging/messages/email`), { 'content-type': 'application/json', 'x-appwrite-project': project }, {
      messageId, subject: request.subject, content: request.content, topics: [request.topicId], ...(request.translations ? { translations: request.translations } : {}),
    });
  } catch (cause) {
    error(`the update to ${request.topicId} was not accepted: ${cause instanceof Error ? cause.message : String(cause)}`);
    if (cause instanceof AppwriteException && cause.code === 400) return res.json({ message: cause.message }, 400);
    throw cause;
  }
  log(`message ${messageId} to topic ${request.topicId} queued by user ${req.headers['x-appwrite-user-id'] ?? '(key)'}`);
  return res.json({ messageId });
};
