import { z } from 'zod';
import { defineRoute } from '../../core/route.ts';
import { param } from '../../core/params.ts';
import { normalizeDate } from '../../core/dates.ts';

const EXPIRE_MESSAGE = 'Value must be valid date in the future.';

/** Appwrite's Nullable(Datetime(requireDateInFuture)): null or absent for a token that never expires. */
const expire = {
  schema: z
    .string({ error: EXPIRE_MESSAGE })
    .max(64, { error: EXPIRE_MESSAGE })
    .transform((value, context) => {
      const date = normalizeDate(value);
      if (!date || new Date(date).getTime() <= Date.now()) {
        context.addIssue({ code: 'custom', message: EXPIRE_MESSAGE });
        return z.NEVER;
      }
      return date;
    })
    .nullable(),
  required: false,
  description: 'When the token stops working (ISO 8601, in the future); null: never.',
} as const;

const fileParams = {
  bucketId: param.uid({ required: true, description: 'Bucket ID.' }),
  fileId: param.uid({ required: true, description: 'File ID.' }),
};
const tokenId = { tokenId: param.uid({ required: true, description: 'Token ID.' }) };
const writeLimit = { limit: 60, windowSeconds: 60, key: ['ip', 'method', 'url', 'userId'] } as const;

export const createFileToken = defineRoute({
  id: 'tokens.createFileToken',
  method: 'POST',
  path: '/tokens/buckets/{bucketId}/files/{fileId}',
  summary: 'A token for one file: its secret, passed as `token`, lets anyone holding it view, download and preview that file.',
  scope: 'tokens.write',
  abuse: writeLimit,
  params: { ...fileParams, expire },
  response: { status: 201, model: 'ResourceToken' },
  handler: ({ params, ctx, services }) => services.tokens.createFileToken(ctx.identity, params.bucketId, params.fileId, params.expire ?? null),
});

export const listFileTokens = defineRoute({
  id: 'tokens.list',
  method: 'GET',
  path: '/tokens/buckets/{bucketId}/files/{fileId}',
  summary: "A file's tokens, with queries on expire.",
  scope: 'tokens.read',
  params: {
    ...fileParams,
    queries: param.queries({ description: 'Filters and order on expire (and $id, $createdAt, $updatedAt); limit, offset, cursors.' }),
    total: param.boolean({ description: 'false: the total is 0 and not counted.' }),
  },
  response: { status: 200, model: 'ResourceTokenList' },
  handler: ({ params, ctx, services }) => services.tokens.listFileTokens(ctx.identity, params.bucketId, params.fileId, { queries: params.queries ?? [] }, params.total ?? true),
});

export const getToken = defineRoute({
  id: 'tokens.get',
  method: 'GET',
  path: '/tokens/{tokenId}',
  summary: 'One token, with its secret.',
  scope: 'tokens.read',
  params: tokenId,
  response: { status: 200, model: 'ResourceToken' },
  handler: ({ params, services }) => services.tokens.get(params.tokenId),
});

export const updateToken = defineRoute({
  id: 'tokens.update',
  method: 'PATCH',
  path: '/tokens/{tokenId}',
  summary: "Change a token's expiry (null: never).",
  scope: 'tokens.write',
  abuse: writeLimit,
  params: { ...tokenId, expire },
  response: { status: 200, model: 'ResourceToken' },
  handler: ({ params, services }) => services.tokens.update(params.tokenId, params.expire ?? null),
});

export const deleteToken = defineRoute({
  id: 'tokens.delete',
  method: 'DELETE',
  path: '/tokens/{tokenId}',
  summary: 'Revoke a token: its secret opens nothing any more.',
  scope: 'tokens.write',
  abuse: writeLimit,
  params: tokenId,
  response: { status: 204 },
  handler: ({ params, services }) => services.tokens.delete(params.tokenId),
});
