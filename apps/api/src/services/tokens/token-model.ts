import { z } from 'zod';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import type { TokenSecrets } from './token-secret.ts';

/** Appwrite's ResourceToken model. */
export interface ResourceTokenModel {
  $id: string;
  $createdAt: string;
  resourceId: string;
  resourceType: string;
  expire: string;
  secret: string;
  accessedAt: string;
}

const seconds = (date: string) => Math.floor(new Date(date).getTime() / 1000);

/** The wire model; the secret is made from the row, with `exp` when the token expires. */
export function toResourceTokenModel(stored: StoredDocument, secrets: TokenSecrets): ResourceTokenModel {
  const data = stored.data;
  const expire = String(data['expire'] ?? '');
  const resourceId = String(data['resourceId']);
  const resourceType = String(data['resourceType']);
  const secret = secrets.sign({
    tokenId: stored.id, resourceId, resourceType, resourceInternalId: String(data['resourceInternalId']), iat: seconds(stored.createdAt),
    ...(expire ? { exp: seconds(expire) } : {}),
  });
  return { $id: stored.id, $createdAt: stored.createdAt, resourceId, resourceType, expire, secret, accessedAt: String(data['accessedAt'] ?? '') };
}

const date = z.string().describe('ISO 8601 date-time; empty when not set.');
const resourceToken = z.object({
  $id: z.string(),
  $createdAt: date,
  resourceId: z.string().describe('`bucketId:fileId` for a file.'),
  resourceType: z.string(),
  expire: date,
  secret: z.string().describe('JWT to pass as the `token` param of the file view, download and preview routes.'),
  accessedAt: date.describe('Most recent use; updated at most once a day.'),
});

export const tokenModels: Record<string, z.ZodType> = {
  ResourceToken: resourceToken,
  ResourceTokenList: z.object({ total: z.number().int(), tokens: z.array(resourceToken) }),
};
