import { TEST_API_KEY, TEST_PROJECT } from '../../support/test-server.ts';

/**
 * Setup that guests may not do (locked collections, documents without read permission), sent with
 * the operator key because the web SDK cannot send one.
 */
export async function operatorCreateDocument(endpoint: string, collectionId: string, documentId: string, data: Record<string, unknown>, permissions: string[]): Promise<void> {
  const response = await fetch(`${endpoint}/databases/main/collections/${collectionId}/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT, 'x-appwrite-key': TEST_API_KEY },
    body: JSON.stringify({ documentId, data, permissions }),
  });
  if (response.status !== 201) throw new Error(`operator create ${collectionId}/${documentId} failed: ${response.status} ${await response.text()}`);
}
