import { AppwriteException, ID } from 'appwrite';
import { DATABASE_ID, serverDatabases } from '../../lib/appwrite.server';
import type { ContactValues, FormProblem } from './fields';

export type SendOutcome = { sent: true; reference: string } | { sent: false; problem: FormProblem };

/** API error types a visitor can do something about; anything else is our fault. */
function problemOf(error: unknown): FormProblem {
  if (error instanceof AppwriteException) {
    if (error.type === 'general_rate_limit_exceeded') return 'rateLimited';
    if (error.type === 'document_invalid_structure') return 'rejected';
  }
  return 'unavailable';
}

/** Stores the message as the visitor (their address counts towards the API's abuse limit). */
export async function sendContactMessage(request: Request, values: ContactValues, language: string): Promise<SendOutcome> {
  try {
    const document = await serverDatabases(request).createDocument({
      databaseId: DATABASE_ID,
      collectionId: 'contact_messages',
      documentId: ID.unique(),
      data: { ...values, status: 'new', language },
    });
    return { sent: true, reference: document.$id };
  } catch (error) {
    const problem = problemOf(error);
    if (problem === 'unavailable') console.error('contact message not stored:', error);
    return { sent: false, problem };
  }
}
