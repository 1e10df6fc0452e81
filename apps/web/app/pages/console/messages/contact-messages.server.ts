import { AppwriteException, type Models } from 'appwrite';
import { DATABASE_ID, serverDatabases } from '../../../lib/appwrite.server';
import { isMessageStatus, type MessageDetail, type MessageStatus, type MessageSummary } from './types';

const COLLECTION_ID = 'contact_messages';
const EXCERPT_LENGTH = 160;

type ContactDocument = Models.Document & { name: string; email: string; subject: string; message: string; status: string; language: string };

function summaryOf(document: ContactDocument): MessageSummary {
  const flat = document.message.replace(/\s+/g, ' ').trim();
  const characters = [...flat];
  return {
    id: document.$id,
    name: document.name,
    email: document.email,
    subject: document.subject,
    excerpt: characters.length > EXCERPT_LENGTH ? `${characters.slice(0, EXCERPT_LENGTH).join('')}…` : flat,
    status: isMessageStatus(document.status) ? document.status : 'new',
    receivedAt: document.$createdAt,
  };
}

function detailOf(document: ContactDocument): MessageDetail {
  return { ...summaryOf(document), message: document.message, language: document.language };
}

/**
 * The `contact_messages` collection as the signed-in editor may use it: the API's permissions
 * decide (read and update for `team:editors`, delete for its owners), never this code.
 */
export function contactMessages(request: Request) {
  const databases = serverDatabases(request);
  const target = { databaseId: DATABASE_ID, collectionId: COLLECTION_ID };
  return {
    async list(queries: string[]): Promise<{ rows: MessageSummary[]; total: number }> {
      const list = await databases.listDocuments<ContactDocument>({ ...target, queries });
      return { rows: list.documents.map(summaryOf), total: list.total };
    },
    /** null when there is no such message. */
    async get(messageId: string): Promise<MessageDetail | null> {
      try {
        return detailOf(await databases.getDocument<ContactDocument>({ ...target, documentId: messageId }));
      } catch (error) {
        if (error instanceof AppwriteException && error.type === 'document_not_found') return null;
        throw error;
      }
    },
    async setStatus(messageId: string, status: MessageStatus): Promise<MessageDetail> {
      return detailOf(await databases.updateDocument<ContactDocument>({ ...target, documentId: messageId, data: { status } }));
    },
    async remove(messageId: string): Promise<void> {
      await databases.deleteDocument({ ...target, documentId: messageId });
    },
  };
}
