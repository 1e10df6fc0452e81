import { Client, ID, Messaging, Teams, Users } from 'node-appwrite';
import { languageOf, noticeFor, type ContactMessage } from './mail-text.ts';

/** The team whose members are told (appwrite.json `teams`). */
const EDITORS_TEAM = 'editors';

interface Context {
  req: { readonly bodyJson: unknown; headers: Record<string, string | undefined> };
  res: { json(body: unknown, statusCode?: number): unknown };
  log(message: unknown): void;
  error(message: unknown): void;
}

function isContactMessage(value: unknown): value is ContactMessage {
  const record = value as Record<string, unknown> | null;
  return typeof record === 'object' && record !== null && record['$collectionId'] === 'contact_messages' && typeof record['$id'] === 'string';
}

/** The console page of the message, from BALLOT_CONSOLE_URL (declared as `${SITE_URL}${CONSOLE_PATH}`). */
function messageLink(messageId: string): string | undefined {
  const console = process.env['BALLOT_CONSOLE_URL'];
  return console && !console.includes('${') ? `${console.replace(/\/$/, '')}/messages/${encodeURIComponent(messageId)}` : undefined;
}

/**
 * Triggered by `databases.main.collections.contact_messages.documents.*.create`: mails every
 * member of the editors team, in the language of their account prefs, through the Messaging API.
 */
export default async ({ req, res, log, error }: Context) => {
  const message = req.bodyJson;
  if (req.headers['x-appwrite-trigger'] !== 'event' || !isContactMessage(message)) return res.json({ sent: 0, skipped: 'not a contact message event' });
  const client = new Client()
    .setEndpoint(process.env['APPWRITE_FUNCTION_API_ENDPOINT']!)
    .setProject(process.env['APPWRITE_FUNCTION_PROJECT_ID']!)
    .setKey(req.headers['x-appwrite-key'] ?? '');
  const teams = new Teams(client);
  const users = new Users(client);
  const messaging = new Messaging(client);
  const link = messageLink(message.$id);
  const members = await teams.listMemberships({ teamId: EDITORS_TEAM, queries: [] });
  let sent = 0;
  for (const member of members.memberships.filter((membership) => membership.confirm)) {
    try {
      const prefs = await users.getPrefs({ userId: member.userId });
      const notice = noticeFor(languageOf(prefs as Record<string, unknown>), message, link);
      await messaging.createEmail({ messageId: ID.unique(), subject: notice.subject, content: notice.content, users: [member.userId] });
      sent++;
    } catch (cause) {
      error(`editor ${member.userId} was not mailed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }
  log(`contact message ${message.$id}: ${sent} of ${members.memberships.length} editors mailed`);
  return res.json({ sent });
};
