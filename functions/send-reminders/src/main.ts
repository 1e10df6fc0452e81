import { AppwriteException, Client, Databases, Query } from 'node-appwrite';
import { REMINDER_LANGUAGES, reminderText } from './reminder-texts.ts';
import { dueReminders, electionTopicId, type CalendarEvent, type DueReminder, type Election } from './reminders.ts';

interface Context {
  req: { headers: Record<string, string | undefined> };
  res: { json(body: unknown, statusCode?: number): unknown };
  log(message: unknown): void;
  error(message: unknown): void;
}

const PAGE = 500;

async function all<T>(databases: Databases, collectionId: string, queries: string[]): Promise<T[]> {
  const found: T[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await databases.listDocuments({ databaseId: 'main', collectionId, queries: [...queries, Query.limit(PAGE), Query.offset(offset)] });
    found.push(...(page.documents as unknown as T[]));
    if (page.documents.length < PAGE) return found;
  }
}

/** Sends one reminder to the election's topic; false when it had been sent already (the id is taken). */
async function send(client: Client, endpoint: string, reminder: DueReminder): Promise<boolean> {
  const [main, ...others] = REMINDER_LANGUAGES.map((language) => [language, reminderText(reminder.kind, language, reminder.election.name, reminder.day)] as const);
  try {
    await client.call('post', new URL(`${endpoint}/messaging/messages/email`), { 'content-type': 'application/json', 'x-appwrite-project': client.config.project }, {
      messageId: reminder.messageId, subject: main![1].subject, content: main![1].content, topics: [electionTopicId(reminder.election.$id)],
      translations: Object.fromEntries(others),
    });
    return true;
  } catch (cause) {
    if (cause instanceof AppwriteException && cause.type === 'message_already_exists') return false;
    throw cause;
  }
}

/**
 * Scheduled every hour: for each upcoming election, the election-day reminder and the
 * registration-deadline reminder go to the election's topic in the day before, in English, French
 * and Swahili. Each reminder has a deterministic message id, so a second run (or a second server)
 * gets 409 from the server and nobody gets it twice.
 */
export default async ({ req, res, log, error }: Context) => {
  const endpoint = process.env['APPWRITE_FUNCTION_API_ENDPOINT']!;
  const client = new Client().setEndpoint(endpoint).setProject(process.env['APPWRITE_FUNCTION_PROJECT_ID']!).setKey(req.headers['x-appwrite-key'] ?? '');
  const databases = new Databases(client);
  const now = new Date();
  const elections = await all<Election>(databases, 'elections', [Query.greaterThan('date', now.toISOString())]);
  const events = elections.length ? await all<CalendarEvent>(databases, 'events', [Query.equal('kind', 'registration'), Query.equal('electionId', elections.map((election) => election.$id))]) : [];
  let sent = 0;
  let already = 0;
  for (const reminder of dueReminders(elections, events, now)) {
    try {
      if (await send(client, endpoint, reminder)) sent++;
      else already++;
    } catch (cause) {
      error(`${reminder.kind} reminder for election ${reminder.election.$id} failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    }
  }
  log(`reminders: ${sent} sent, ${already} already sent, ${elections.length} upcoming elections`);
  return res.json({ sent, already });
};
