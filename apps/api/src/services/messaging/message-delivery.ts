import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { now } from '../../core/dates.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { AuthTables } from '../../db/system/auth-tables.ts';
import type { ClaimedJob, JobQueue } from '../../jobs/job-queue.ts';
import { MailDeliveryError, renderTopicMail, type Mailer, type OutgoingMail } from '../../mail/index.ts';
import { messageModel, type MessageModel } from './message-model.ts';
import type { MessagingDb, MessagingTables } from './messaging-tables.ts';
import { nextRecipients, SEND_START, type Recipient, type SendCursor } from './recipients.ts';
import type { UnsubscribeTokens } from './unsubscribe-tokens.ts';

export const MESSAGE_SEND_JOB = 'messaging.send';

/** How long one step may hold its job by default (MESSAGING_SEND_LEASE_MS); a process that dies mid-step is taken over once it has passed. */
export const SEND_STEP_LEASE_MS = 10_000;
/** A step stops starting new mails after this long (or 30 % of a shorter lease), so it ends well inside its lease. */
const STEP_BUDGET_MS = 3_000;
/** Recipients one step takes at most. */
const BATCH_SIZE = 500;
/** Mails in flight at once within a step. */
export const PARALLEL_SENDS = 8;

export interface DeliverySettings {
  siteUrl: string;
  siteName: string;
  languages: readonly string[];
  defaultLanguage: string;
  /** The lease of one send step (default SEND_STEP_LEASE_MS). */
  leaseMs?: number;
}

/** What one step spent selecting its recipients (for the messaging bench). */
export type StepTimings = (step: { selectMs: number; recipients: number }) => void;

/** Turns plain text into the HTML part: escaped, one paragraph per blank-line block, line breaks kept. */
export function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return escaped.split(/\n{2,}/).map((block) => `<p>${block.replace(/\n/g, '<br>')}</p>`).join('\n');
}

/** Strips tags for the text part of an HTML message. */
export function htmlToText(html: string): string {
  return html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n\n').replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
}

/**
 * Sends stored messages in steps run by the job queue. Each step selects in SQL the next batch of
 * recipients past its cursor that the delivery ledger does not hold yet (recipients.ts), mails
 * them and commits each address's ledger row while the mail server holds the whole mail but its
 * end-of-data line, which is sent only after the commit (Mailer.sendHeld); the step then records
 * the totals and queues the next step, with the cursor past the recipients it tried, in one
 * transaction. A process killed mid-step has delivered exactly the mails it recorded: the next
 * step sends the others, and nobody gets a second copy.
 */
export class MessageDelivery {
  private readonly dialect: SqlDialect;
  private readonly db: Kysely<MessagingTables & AuthTables>;
  private readonly queue: JobQueue;
  private readonly mailer: Mailer;
  private readonly tokens: UnsubscribeTokens;
  private readonly settings: DeliverySettings;
  private readonly log: (line: string) => void;
  private readonly leaseMs: number;
  private readonly stepBudgetMs: number;
  /** Set by the messaging bench to see each step's selection time. */
  stepTimings: StepTimings | undefined;

  constructor(dialect: SqlDialect, queue: JobQueue, mailer: Mailer, tokens: UnsubscribeTokens, settings: DeliverySettings, log: (line: string) => void) {
    this.leaseMs = settings.leaseMs ?? SEND_STEP_LEASE_MS;
    this.stepBudgetMs = Math.min(STEP_BUDGET_MS, Math.round(this.leaseMs * 0.3));
    this.dialect = dialect;
    this.db = dialect.db as Kysely<MessagingTables & AuthTables>;
    this.queue = queue;
    this.mailer = mailer;
    this.tokens = tokens;
    this.settings = settings;
    this.log = log;
  }

  /** Wakes this process's send workers (after a transaction that queued a step has committed). */
  wake(): void {
    this.queue.notify();
  }

  /** Queues the first step in the caller's transaction. */
  async schedule(messageId: string, runAt: number, executor: Kysely<any>, cursor: SendCursor = SEND_START): Promise<void> {
    await this.queue.enqueue({ id: uniqueId(), kind: MESSAGE_SEND_JOB, payload: { messageId, cursor }, runAt, leaseMs: this.leaseMs }, executor);
  }

  readonly handleJob = async (job: ClaimedJob): Promise<void> => {
    const { messageId, cursor = SEND_START } = job.payload as { messageId: string; cursor?: SendCursor };
    const row = await this.db.selectFrom('_messaging_messages').selectAll().where('id', '=', messageId).executeTakeFirst();
    if (!row || (row.status !== 'processing' && row.status !== 'scheduled')) {
      await this.dialect.db.transaction().execute((trx) => this.queue.complete(job, trx));
      return;
    }
    const message = messageModel(row);
    const selectedAt = performance.now();
    const page = await nextRecipients(this.db, message, cursor, BATCH_SIZE);
    this.stepTimings?.({ selectMs: performance.now() - selectedAt, recipients: page.recipients.length });
    const { errors, tried } = await this.sendBatch(message, page.recipients, Date.now() + this.stepBudgetMs);
    // Recipients are taken in order, so the ones tried are a prefix of the page: the next step starts past the last of them.
    const next = tried > 0 ? page.recipients[tried - 1]!.position : cursor;
    const remaining = page.more || tried < page.recipients.length;
    await this.dialect.db.transaction().execute(async (trx) => {
      const db = trx as unknown as MessagingDb;
      const sent = await db.selectFrom('_messaging_deliveries').select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.max('sent_at').as('last')]).where('message_id', '=', messageId).where('failed', '=', 0).executeTakeFirstOrThrow();
      const deliveredTotal = Number(sent.count);
      // As Appwrite: a message that reached nobody (no subscriber with an address, every send refused) failed.
      const status = remaining ? 'processing' : deliveredTotal > 0 ? 'sent' : 'failed';
      // A local list, not `errors`: this transaction may run again after a deadlock (transaction-retry.ts).
      const stepErrors = [...errors];
      if (!remaining && page.recipients.length === 0 && cursor.source === 0 && cursor.after === '' && !(await db.selectFrom('_messaging_deliveries').select('address').where('message_id', '=', messageId).limit(1).executeTakeFirst())) {
        stepErrors.push('No valid recipients found.');
      }
      await db.updateTable('_messaging_messages').set({
        status, delivered_total: deliveredTotal, delivered_at: (sent.last as string | null) ?? null, updated_at: now(),
        delivery_errors: JSON.stringify([...message.deliveryErrors, ...stepErrors].slice(-1000)),
      }).where('id', '=', messageId).execute();
      if (remaining) await this.schedule(messageId, this.queue.clock.now(), trx, next);
      await this.queue.complete(job, trx);
    });
    if (remaining) this.queue.notify();
  };

  /** Mails the batch, a few at a time, until it is done or the step's time is up; returns the error lines. */
  private async sendBatch(message: MessageModel, batch: readonly Recipient[], deadline: number): Promise<{ errors: string[]; tried: number }> {
    const errors: string[] = [];
    let next = 0;
    const topicNames = await this.topicNames(message.topics);
    const worker = async () => {
      while (next < batch.length && Date.now() < deadline) {
        const recipient = batch[next++]!;
        const mail = this.mailFor(message, recipient, topicNames);
        const ledgerRow = { message_id: message.$id, address: recipient.address };
        let recorded = false;
        let unrecordable: unknown;
        const unrecorded = (error: unknown): never => {
          unrecordable = error;
          throw error;
        };
        try {
          // The ledger row is the mail's claim: inserted while the server holds the whole mail but
          // its end-of-data line, committed in the same turn as that line is written. A process
          // killed before that turn leaves neither (its transaction rolls back, the server drops the
          // unfinished mail, the next step sends it); after it, both go through. A row already there
          // (a step that outlived its lease overlapping its successor) withdraws this copy.
          await this.mailer.sendHeld(mail, async () => {
            const trx = await this.db.startTransaction().execute().catch(unrecorded);
            try {
              const inserted = await trx.insertInto('_messaging_deliveries').values({ ...ledgerRow, failed: 0, sent_at: now() }).onConflict((conflict) => conflict.doNothing()).executeTakeFirst();
              if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
                await trx.rollback().execute();
                return null;
              }
            } catch (error) {
              await trx.rollback().execute().catch(() => {});
              unrecorded(error);
            }
            return {
              commit: () => trx.commit().execute().then(() => {
                recorded = true;
              }, unrecorded),
              abort: () => trx.rollback().execute(),
            };
          });
        } catch (error) {
          // The store failed: the mail was withdrawn (or, when the commit itself failed, it may have
          // gone unrecorded), and the step fails, to be run again.
          if (unrecordable !== undefined) throw unrecordable;
          errors.push(`The mail to ${recipient.address} could not be sent.`);
          this.log(error instanceof MailDeliveryError ? error.message : `mail: ${mail.kind} to ${recipient.address} could not be sent`);
          // Failed after its row was committed (refused at the end of data, or the connection lost
          // then): recorded as failed and not sent again, since the server may have taken it.
          if (recorded) await this.db.updateTable('_messaging_deliveries').set({ failed: 1 }).where('message_id', '=', ledgerRow.message_id).where('address', '=', ledgerRow.address).execute();
          else await this.db.insertInto('_messaging_deliveries').values({ ...ledgerRow, failed: 1, sent_at: now() }).onConflict((conflict) => conflict.doNothing()).execute();
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
    return { errors, tried: next };
  }

  private async topicNames(topicIds: readonly string[]): Promise<Map<string, string>> {
    if (topicIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('_messaging_topics').select(['id', 'name']).where('id', 'in', [...topicIds]).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  private languageOf(recipient: Recipient): string {
    const primary = recipient.language.toLowerCase().split(/[-_]/)[0] ?? '';
    return this.settings.languages.includes(primary) ? primary : this.settings.defaultLanguage;
  }

  /** The recipient's copy: their language's translation when there is one, framed with the topic's unsubscribe link. */
  mailFor(message: MessageModel, recipient: Recipient, topicNames: ReadonlyMap<string, string>): OutgoingMail {
    const language = this.languageOf(recipient);
    const words = message.data.translations?.[language] ?? { subject: message.data.subject, content: message.data.content };
    const text = message.data.html ? htmlToText(words.content) : words.content;
    const html = message.data.html ? words.content : textToHtml(words.content);
    const host = new URL(this.settings.siteUrl).hostname;
    const messageId = `<${message.$id}.${createHash('sha256').update(recipient.address.toLowerCase()).digest('hex').slice(0, 24)}@${host}>`;
    const base = { to: recipient.address, kind: `message ${message.$id}`, messageId };
    if (!recipient.subscriberId || !recipient.topicId) return { ...base, subject: words.subject, text, html };
    const unsubscribeUrl = `${this.settings.siteUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(this.tokens.issue({ topicId: recipient.topicId, subscriberId: recipient.subscriberId }))}`;
    const framed = renderTopicMail({
      language, siteName: this.settings.siteName, userName: recipient.userName || undefined, topicName: topicNames.get(recipient.topicId) ?? recipient.topicId,
      subject: words.subject, text, html, unsubscribeUrl,
    });
    return { ...base, ...framed, headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } };
  }
}
